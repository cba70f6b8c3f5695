import CDigest
import Foundation

/// The S256 check of RFC 7636: base64url(SHA-256(verifier)) without padding.
enum PKCE {
    /// The S256 challenge for `verifier`.
    static func challenge(for verifier: String) -> String {
        let bytes = Array(verifier.utf8)
        var digest = [UInt8](repeating: 0, count: 32)
        // The emulator runs where margin does, with libcrypto or GnuTLS: a machine without either
        // gets a challenge nothing matches, and the exchange is refused.
        guard margin_sha256(bytes, bytes.count, &digest) == 0 else { return "" }
        return Data(digest).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// True when `verifier` is well formed (43–128 unreserved characters) and hashes to `challenge`.
    static func verify(verifier: String, challenge: String) -> Bool {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard (43...128).contains(verifier.count), verifier.allSatisfy(unreserved.contains) else { return false }
        return Self.challenge(for: verifier) == challenge
    }
}
