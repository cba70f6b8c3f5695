import Foundation

extension CurlOutcome {
    /// libcurl's codes margin tells apart (curl/curl.h's CURLcode).
    enum Code {
        static let ok: Int32 = 0
        static let writeError: Int32 = 23
        static let timedOut: Int32 = 28
        static let sslConnect: Int32 = 35
        static let aborted: Int32 = 42
        static let gotNothing: Int32 = 52
        static let sendError: Int32 = 55
        static let receiveError: Int32 = 56
        static let peerVerification: Int32 = 60
        static let caFile: Int32 = 77
        /// The other TLS failures: a client certificate, a cipher, an engine, a shutdown, an
        /// issuer, a pinned key, a certificate status.
        static let otherTLS: Set<Int32> = [58, 59, 66, 80, 82, 83, 90, 91]
    }

    /// OpenSSL's verdicts on a chain that mean something a user can act on (X509_V_ERR_*).
    enum Verdict {
        static let notYetValid = 9
        static let expired = 10
        static let hostnameMismatch = 62
    }

    /// The response, or the ``SpotifyError`` that says why there is none.
    static func response(_ outcome: CurlOutcome, endpoint: String, host: String, timeout: Duration,
                         trust: TrustRoots) throws(SpotifyError) -> TransportResponse {
        switch outcome.code {
        case Code.ok:
            return TransportResponse(status: outcome.status, headers: outcome.headers, body: outcome.body)
        case Code.timedOut:
            throw .timeout(endpoint: endpoint, seconds: timeout.wholeSeconds)
        case Code.aborted:
            throw .cancelled
        case Code.peerVerification:
            throw .tls(host: host, reason: refusal(outcome))
        case Code.caFile:
            throw .tls(host: host, reason: .unusableTrustRoots(setting: trust.setting ?? "SSL_CERT_FILE"))
        case Code.sslConnect:
            throw .tls(host: host, reason: .handshake(detail(outcome.error)))
        case let code where Code.otherTLS.contains(code):
            throw .tls(host: host, reason: .handshake(detail(outcome.error)))
        case Code.gotNothing, Code.sendError, Code.receiveError:
            throw .unreachable(endpoint: endpoint, reset: true)
        default:
            throw .unreachable(endpoint: endpoint, reset: false)
        }
    }

    /// Why the peer's certificate was refused. libcurl checks the name itself once OpenSSL
    /// has accepted the chain, and says so in its message ("no alternative certificate subject
    /// name matches target host name"); OpenSSL's verdict says why a chain was refused.
    static func refusal(_ outcome: CurlOutcome) -> TLSFailure {
        if outcome.error.contains("target host name") || outcome.verifyResult == Verdict.hostnameMismatch { return .wrongName }
        switch outcome.verifyResult {
        case Verdict.expired: return .expired
        case Verdict.notYetValid: return .notYetValid
        default: return .untrusted
        }
    }

    /// A TLS library's message as plain words: "OpenSSL/3.0.11: error:0A00010B:SSL
    /// routines::wrong version number" is "wrong version number".
    static func detail(_ message: String) -> String {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let tail = trimmed.components(separatedBy: "::").last ?? trimmed
        let words = tail.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return words.isEmpty ? "no detail" : String(words.prefix(200))
    }
}
