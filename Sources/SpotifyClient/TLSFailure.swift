import Foundation

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
