import CDigest
import Foundation

/// A PKCE verifier and its S256 challenge (RFC 7636).
public struct PKCE: Sendable, Equatable {
    /// The secret sent only to the token endpoint; never printed or logged.
    public let verifier: String
    /// base64url(SHA-256(verifier)) without padding, sent in the authorize URL.
    public let challenge: String

    /// Makes a verifier of `length` unreserved characters from the system CSPRNG.
    public static func generate(length: Int = 64) throws(SpotifyError) -> PKCE {
        try PKCE(verifier: RandomToken.make(length: min(max(length, 43), 128), alphabet: RandomToken.unreserved))
    }

    /// Wraps a known verifier (used for the RFC 7636 test vector).
    public init(verifier: String) throws(SpotifyError) {
        self.verifier = verifier
        self.challenge = try PKCE.challenge(for: verifier)
    }

    /// The S256 challenge of `verifier`. SHA-256 comes from the system's crypto library, the
    /// one libcurl itself uses; without it no login could reach Spotify anyway.
    public static func challenge(for verifier: String) throws(SpotifyError) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(verifier.utf8)
        switch margin_sha256(bytes, bytes.count, &digest) {
        case 0: break
        case -1: throw .digestMissing(reason: String(cString: margin_digest_failure()))
        default: throw .digestMissing(reason: "the library opened, but its SHA-256 failed; check OPENSSL_CONF")
        }
        return Data(digest).base64URLEncodedString()
    }
}

extension Data {
    /// Base64url without `=` padding (RFC 4648 §5).
    public func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
