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

    /// The token inside `sealed`, with the id of the key that sealed it. Throws
    /// ``SealError/malformed`` when its last part is not canonical base64url,
    /// ``SealError/unknownKey`` when its key id is not in this instance's keys file (a rotation
    /// may be under way: another instance may have it), and ``SealError/unsealable`` for
    /// anything else that does not open: tampered, truncated, foreign, or not a sealed token.
    public func open(_ sealed: String) throws(SealError) -> (token: String, keyID: String) {
        let parts = sealed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, KeyRing.isValidID(parts[1]) else { throw .unsealable }
        guard let combined = Base64URL.decode(parts[2]) else { throw .malformed }
        guard let key = keys.key(id: String(parts[1])) else { throw .unknownKey }
        guard combined.count > Self.overhead else { throw .unsealable }
        let header = "\(Self.version).\(parts[1])"
        guard let box = try? AES.GCM.SealedBox(combined: combined),
              let plain = try? AES.GCM.open(box, using: key, authenticating: Data(header.utf8)),
              let token = String(data: plain, encoding: .utf8)
        else { throw .unsealable }
        return (token, String(parts[1]))
    }
}

/// Why a sealed token does not open.
public enum SealError: Error, Equatable {
    /// Its ciphertext is not canonical unpadded base64url: a client mangled it.
    case malformed
    /// Sealed under a key id this instance's keys file does not have.
    case unknownKey
    /// Tampered, truncated, foreign or not a sealed token.
    case unsealable
}

/// Base64url without padding (RFC 4648 §5); encoding is SpotifyClient's `base64URLEncodedString`.
enum Base64URL {
    /// Decodes canonical unpadded base64url: nil for any other character, an impossible
    /// length, or a last character with bits that encode nothing (two spellings of one token).
    static func decode(_ text: Substring) -> Data? {
        guard text.count % 4 != 1, text.utf8.allSatisfy(isAlphabet) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), data.base64URLEncodedString() == text else { return nil }
        return data
    }

    /// `A-Z a-z 0-9 - _`.
    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
