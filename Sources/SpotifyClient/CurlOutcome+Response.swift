import Foundation

extension CurlOutcome {
    /// libcurl's codes margin tells apart (curl/curl.h's CURLcode).
    enum Code {
        static let ok: Int32 = 0
        static let http2: Int32 = 16
        static let partialFile: Int32 = 18
        static let timedOut: Int32 = 28
        static let sslConnect: Int32 = 35
        static let aborted: Int32 = 42
        static let gotNothing: Int32 = 52
        static let sendError: Int32 = 55
        static let receiveError: Int32 = 56
        static let peerVerification: Int32 = 60
        static let caFile: Int32 = 77
        static let http2Stream: Int32 = 92
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
        if outcome.bodyTooLarge { throw .malformedResponse(endpoint: endpoint) }
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
        case Code.sslConnect where droppedDuringHandshake(outcome.error):
            // The connection went away, not the TLS: what a dropped connection is anywhere.
            throw .unreachable(endpoint: endpoint, reset: true)
        case Code.sslConnect:
            throw .tls(host: host, reason: .handshake(detail(outcome.error)))
        case let code where Code.otherTLS.contains(code):
            throw .tls(host: host, reason: .handshake(detail(outcome.error)))
        case Code.receiveError where outcome.error.contains("CONNECT tunnel failed"):
            // A proxy refused the tunnel: no dropped connection, nothing a retry changes.
            throw .unreachable(endpoint: endpoint, reset: false)
        case Code.gotNothing, Code.sendError, Code.receiveError, Code.partialFile, Code.http2, Code.http2Stream:
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

    /// Whether a failed handshake was the connection going away (a reset, an end of stream)
    /// rather than TLS refusing: "OpenSSL SSL_connect: Connection reset by peer in connection
    /// to api.spotify.com:443", "SSL_ERROR_SYSCALL", "unexpected eof while reading".
    static func droppedDuringHandshake(_ message: String) -> Bool {
        let lower = message.lowercased()
        return ["ssl_error_syscall", "reset by peer", "unexpected eof", "connection refused", "broken pipe"].contains { lower.contains($0) }
    }

    /// A TLS library's message as plain words: "OpenSSL/3.0.11: error:0A00010B:SSL
    /// routines::wrong version number" is "wrong version number"; one of libcurl's own, without
    /// its "in connection to host:port" tail.
    static func detail(_ message: String) -> String {
        var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if let tail = text.range(of: " in connection to ") { text = String(text[..<tail.lowerBound]) }
        if let reason = text.range(of: "::", options: .backwards), text.contains("error:") {
            text = String(text[reason.upperBound...])
        } else if let prefix = text.range(of: ": ") {
            text = String(text[prefix.upperBound...])
        }
        text = text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "no detail" : String(text.prefix(200))
    }
}
