import Foundation
import NIOSSL

/// Why an HTTPS connection could not be made secure, in the terms a user can act on.
public enum TLSFailure: Sendable, Equatable {
    /// The certificate chain does not lead to a trusted CA (self-signed, or a proxy's own CA).
    case untrusted
    /// A certificate in the chain is past its end date.
    case expired
    /// A certificate in the chain starts in the future (usually a wrong system clock).
    case notYetValid
    /// The certificate is valid but for another host name or address.
    case wrongName
    /// The TLS handshake itself failed (no common protocol, not an HTTPS server), with the detail.
    case handshake(String)
    /// `SSL_CERT_FILE` or `SSL_CERT_DIR` names something that cannot be read as certificates.
    case unusableTrustRoots(setting: String)

    /// The one-clause message and remedy for `host`.
    func message(host: String) -> String {
        let start = "cannot connect securely to '\(host)'"
        return switch self {
        case .untrusted:
            "\(start): its certificate is not trusted. Set SSL_CERT_FILE to a PEM bundle that includes the CA that issued it (e.g. a corporate proxy's CA)"
        case .expired:
            "\(start): its certificate has expired. Check the system clock, and any HTTPS proxy on the way"
        case .notYetValid:
            "\(start): its certificate is not valid yet. Check the system clock"
        case .wrongName:
            "\(start): its certificate is for another name. Check MARGIN_API_URL and MARGIN_ACCOUNTS_URL, and any HTTPS proxy on the way"
        case .handshake(let detail):
            "\(start): the TLS handshake failed (\(detail)). Check that the address serves HTTPS and that no proxy blocks it"
        case .unusableTrustRoots(let setting):
            "\(start): \(setting) does not name readable PEM certificates. Point it at a PEM bundle that includes the CA, or unset it to use the system's"
        }
    }
}

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
