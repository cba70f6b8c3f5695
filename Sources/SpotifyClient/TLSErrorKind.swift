import Foundation
import NIOSSL

/// What a TLS error from the HTTP client says, before the refused certificate is looked at.
enum TLSErrorKind: Equatable {
    /// BoringSSL refused the chain (`CERTIFICATE_VERIFY_FAILED`); only the certificate says why.
    case verificationFailed
    case failure(TLSFailure)

    /// Classifies NIOSSL's errors (as AsyncHTTPClient hands them on); nil for anything not TLS.
    init?(_ error: any Error, roots: TrustRoots) {
        if let extra = error as? NIOSSLExtraError {
            guard extra == .failedToValidateHostname else { self = .failure(.handshake(Self.words(String(describing: extra)))); return }
            self = .failure(.wrongName)
            return
        }
        let stack: String
        switch error {
        case NIOSSLError.handshakeFailed(let boring):
            stack = String(describing: boring)
        case BoringSSLError.unknownError where roots.setting != nil:
            // Outside a handshake BoringSSL fails only while loading the roots it was given.
            self = .failure(.unusableTrustRoots(setting: roots.setting ?? "SSL_CERT_FILE"))
            return
        case let boring as BoringSSLError:
            stack = String(describing: boring)
        case NIOSSLError.failedToLoadCertificate, NIOSSLError.noSuchFilesystemObject:
            self = .failure(.unusableTrustRoots(setting: roots.setting ?? "SSL_CERT_FILE"))
            return
        case let other as NIOSSLError:
            self = .failure(.handshake(Self.words(String(describing: other))))
            return
        default:
            return nil
        }
        if stack.contains("CERTIFICATE_VERIFY_FAILED") {
            self = .verificationFailed
        } else {
            self = .failure(.handshake(Self.reasons(in: stack)))
        }
    }

    /// BoringSSL's reason codes in an error stack (`…:OPENSSL_internal:WRONG_VERSION_NUMBER`)
    /// as plain words: "wrong version number".
    static func reasons(in stack: String) -> String {
        var found: [String] = []
        for word in stack.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "]" || $0 == "[" || $0 == "\n" }) {
            guard let code = word.split(separator: ":").last.map(String.init), isReasonCode(code) else { continue }
            let phrase = words(code)
            if !found.contains(phrase) { found.append(phrase) }
        }
        return found.isEmpty ? "no detail" : found.joined(separator: "; ")
    }

    /// `WRONG_VERSION_NUMBER`: capitals, digits and underscores, starting with a letter.
    private static func isReasonCode(_ code: String) -> Bool {
        guard code.contains("_"), code.first?.isLetter == true else { return false }
        return code.allSatisfy { ($0.isLetter && $0.isUppercase) || $0.isNumber || $0 == "_" }
    }

    /// `WRONG_VERSION_NUMBER` → "wrong version number".
    static func words(_ code: String) -> String {
        code.replacingOccurrences(of: "_", with: " ").lowercased()
    }
}
