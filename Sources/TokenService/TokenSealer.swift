import Crypto
import Foundation
import SpotifyClient

/// Seals Spotify's refresh tokens so that clients hold only ciphertext: the token swap spec's
/// "encrypted version of the token".
///
/// Format: `v1.<key id>.<base64url(nonce | ciphertext | tag)>`, AES-256-GCM with a random
/// 96-bit nonce. The `v1.<key id>` prefix is the associated data, so a token cannot be moved to
/// another key id or version without failing authentication.
public struct TokenSealer: Sendable {
    static let version = "v1"
    /// Nonce and tag: the smallest box that can hold anything.
    static let overhead = 12 + 16

    public let keys: KeyRing

    public init(keys: KeyRing) {
        self.keys = keys
    }

    /// `token` sealed under the current key.
    public func seal(_ token: String) throws -> String {
        let key = keys.current
        let header = "\(Self.version).\(key.id)"
        let box = try AES.GCM.seal(Data(token.utf8), using: key.key, authenticating: Data(header.utf8))
        guard let combined = box.combined else { throw SealError.unsealable }
        return header + "." + combined.base64URLEncodedString()
    }

    /// The token inside `sealed`, with the id of the key that sealed it; throws
    /// ``SealError/unsealable`` for anything tampered, truncated, foreign or sealed under a key
    /// the keys file no longer has.
    public func open(_ sealed: String) throws(SealError) -> (token: String, keyID: String) {
        let parts = sealed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, KeyRing.isValidID(parts[1]),
              let key = keys.key(id: String(parts[1])),
              let combined = Base64URL.decode(parts[2]), combined.count > Self.overhead
        else { throw .unsealable }
        let header = "\(Self.version).\(parts[1])"
        guard let box = try? AES.GCM.SealedBox(combined: combined),
              let plain = try? AES.GCM.open(box, using: key, authenticating: Data(header.utf8)),
              let token = String(data: plain, encoding: .utf8)
        else { throw .unsealable }
        return (token, String(parts[1]))
    }
}

/// A sealed token that does not open.
public enum SealError: Error, Equatable {
    case unsealable
}

/// Base64url without padding (RFC 4648 §5); encoding is SpotifyClient's `base64URLEncodedString`.
enum Base64URL {
    /// Decodes unpadded base64url; nil for any other character or an impossible length.
    static func decode(_ text: Substring) -> Data? {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard text.count % 4 != 1, text.allSatisfy(alphabet.contains) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }
}
