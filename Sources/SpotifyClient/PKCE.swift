import Crypto
import Foundation

/// A PKCE verifier and its S256 challenge (RFC 7636).
public struct PKCE: Sendable, Equatable {
    /// The secret sent only to the token endpoint; never printed or logged.
    public let verifier: String
    /// base64url(SHA-256(verifier)) without padding, sent in the authorize URL.
    public let challenge: String

    /// Makes a verifier of `length` unreserved characters from the system CSPRNG.
    public static func generate(length: Int = 64) -> PKCE {
        PKCE(verifier: RandomToken.make(length: min(max(length, 43), 128), alphabet: RandomToken.unreserved))
    }

    /// Wraps a known verifier (used for the RFC 7636 test vector).
    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = PKCE.challenge(for: verifier)
    }

    /// The S256 challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        let digest = SHA256.hash(data: Data(verifier.utf8))
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
