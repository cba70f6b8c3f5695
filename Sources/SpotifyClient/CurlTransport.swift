import CCurl
import FileSafety
import Foundation
import Synchronization

/// The real transport: libcurl (loaded on first use), with a per-request deadline over the
/// whole exchange, connect to the body's last byte, never following a redirect.
///
/// A redirect is refused rather than followed: a token request that followed one would hand a
/// code or refresh token to wherever the `Location` points. Spotify's callers get it as
/// ``SpotifyError/redirected(endpoint:status:to:)``; a caller that judges a 3xx itself (the
/// token service) asks for it back as a response (`redirectsAreErrors: false`).
public struct CurlTransport: HTTPTransport {
    /// The whole-request deadline; a request's own ``TransportRequest/deadline`` can only
    /// shorten it.
    public let timeout: Duration
    /// The CAs that HTTPS connections trust.
    public let trust: TrustRoots
    /// Largest body accepted; Spotify's biggest replies are a few hundred KB.
    public let maxBody: Int
    public let redirectsAreErrors: Bool

    /// How many exchanges run at once; the others wait their turn.
    let limit: ExchangeLimit

    /// `concurrent` bounds the exchanges in flight at once (each holds a thread and a
    /// connection): a server whose requests all go on to one upstream sets it.
    public init(timeout: Duration = .seconds(10), trust: TrustRoots = .system, maxBody: Int = 16 << 20,
                redirectsAreErrors: Bool = true, concurrent: Int = 16) {
        self.timeout = timeout
        self.trust = trust
        self.maxBody = maxBody
        self.redirectsAreErrors = redirectsAreErrors
        limit = ExchangeLimit(concurrent)
    }

    /// Why libcurl cannot be used (not installed, say), or nil once it is loaded.
    public static var unavailable: String? {
        margin_curl_load().map { String(cString: $0) }
    }

    /// Loads libcurl (and the TLS library it brings) ahead of the first request, so that a
    /// command can overlap that with its own work.
    public static func warmUp() {
        _ = margin_curl_load()
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let budget = request.deadline.map { min(timeout, $0 - ContinuousClock.now) } ?? timeout
        guard budget > .zero else { throw SpotifyError.timeout(endpoint: request.endpoint, seconds: budget.wholeSeconds) }
        let host = request.url.host ?? ""
        if request.url.scheme?.lowercased() == "https", let setting = trust.unreadableSetting {
            throw SpotifyError.tls(host: host, reason: .unusableTrustRoots(setting: setting))
        }
        if let problem = Self.unavailable {
            throw SpotifyError.transportMissing(reason: problem)
        }
        // A value with a line break in it (a token a token service made up, say) would add
        // headers of its own.
        guard CurlCall.sendable(request.headers) else { throw SpotifyError.malformedResponse(endpoint: request.endpoint) }
        let outcome = try await limit.run { try await CurlCall.perform(request, timeout: budget, trust: trust, maxBody: maxBody) }
        let reply = try CurlOutcome.response(outcome, endpoint: request.endpoint, host: host, timeout: budget, trust: trust)
        if redirectsAreErrors, (300..<400).contains(reply.status) {
            throw SpotifyError.redirected(endpoint: request.endpoint, status: reply.status,
                                          to: Self.origin(reply.headers["location"], from: request.url))
        }
        return reply
    }

    /// Where a redirect pointed, as `scheme://host[:port]` only: its path and query may carry a
    /// code or a token, which never reach a message. "elsewhere" when it names no host.
    static func origin(_ location: String?, from base: URL) -> String {
        guard let location, let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme, let host = target.host, !host.isEmpty
        else { return "elsewhere" }
        return "\(scheme)://\(host)" + (target.port.map { ":\($0)" } ?? "")
    }
}

extension Duration {
    /// Whole seconds for messages, rounded to the nearest and never below 1 ("within 1 s").
    var wholeSeconds: Int {
        max(1, Int((Double(components.seconds) + Double(components.attoseconds) / 1e18).rounded()))
    }

    /// Whole milliseconds, at least 1.
    var milliseconds: Int {
        max(1, Int(wholeMilliseconds))
    }
}
