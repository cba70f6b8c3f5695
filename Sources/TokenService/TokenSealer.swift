import CSeal
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

    /// Why tokens cannot be sealed here (OpenSSL's libcrypto missing), or nil once they can.
    public static var unavailable: String? {
        margin_seal_load().map { String(cString: $0) }
    }

    /// `token` sealed under the current key.
    public func seal(_ token: String) throws -> String {
        let key = keys.current
        let header = "\(Self.version).\(key.id)"
        guard let box = Self.seal(Array(token.utf8), key: key.key, authenticating: Array(header.utf8)) else { throw SealError.unsealable }
        return header + "." + Data(box).base64URLEncodedString()
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
        guard let plain = Self.open(Array(combined), key: key, authenticating: Array(header.utf8)),
              let token = String(validating: plain, as: UTF8.self)
        else { throw .unsealable }
        return (token, String(parts[1]))
    }
}

extension TokenSealer {
    /// AES-256-GCM: nonce (random) | ciphertext | tag of `plain` under `key`, authenticating `aad`;
    /// nil when libcrypto cannot be loaded or refused.
    static func seal(_ plain: [UInt8], key: SealingKey, authenticating aad: [UInt8]) -> [UInt8]? {
        var box = [UInt8](repeating: 0, count: plain.count + overhead)
        return margin_seal(key.bytes, aad, aad.count, plain, plain.count, &box) == 0 ? box : nil
    }

    /// What `box` (nonce | ciphertext | tag) holds, or nil when it does not open under `key` and `aad`.
    static func open(_ box: [UInt8], key: SealingKey, authenticating aad: [UInt8]) -> [UInt8]? {
        guard box.count >= overhead else { return nil }
        // One byte more than the text: a pointer for an empty one.
        var plain = [UInt8](repeating: 0, count: box.count - overhead + 1)
        guard margin_open(key.bytes, aad, aad.count, box, box.count, &plain) == 0 else { return nil }
        return Array(plain.dropLast())
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
