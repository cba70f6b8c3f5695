import Foundation
import Synchronization

/// The service's counters in Prometheus' text exposition format (version 0.0.4), served on
/// `--metrics-listen` only.
///
/// Written by hand rather than with swift-prometheus: six series need no metrics backend, and
/// swift-metrics' process-wide bootstrap cannot be given to each of several servers in one
/// process (the tests run many).
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the upstream latency histogram, seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
    /// The paths requests are counted under; any other is `other`, so that scanners cannot
    /// grow the series without bound.
    static let routes: Set<String> = ["/swap", "/refresh", "/config", "/healthz"]

    private struct State {
        var requests: [String: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var upstreamSum = 0.0
        var upstreamCount = 0
        var rateLimited = 0
        var timeouts: [String: Int] = [:]
    }

    private let state = Mutex(State())
    let tracker: ConnectionTracker?

    public init(tracker: ConnectionTracker? = nil) {
        self.tracker = tracker
    }

    func request(path: String, status: Int) {
        let route = Self.routes.contains(path) ? path : "other"
        state.withLock { $0.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1 }
    }

    func upstream(seconds: Double) {
        state.withLock { state in
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { state.bucketCounts[index] += 1 }
            state.upstreamSum += seconds
            state.upstreamCount += 1
        }
    }

    func rateLimitedRequest() {
        state.withLock { $0.rateLimited += 1 }
    }

    func connectionTimedOut(_ reason: String) {
        state.withLock { $0.timeouts[reason, default: 0] += 1 }
    }

    /// The exposition text.
    public func exposition() -> String {
        let state = self.state.withLock { $0 }
        var lines: [String] = []
        lines.append("# HELP margin_token_service_requests_total Requests answered, by route and status.")
        lines.append("# TYPE margin_token_service_requests_total counter")
        for key in state.requests.keys.sorted() { lines.append("margin_token_service_requests_total{\(key)} \(state.requests[key] ?? 0)") }
        lines.append("# HELP margin_token_service_upstream_seconds Time Spotify's token endpoint took, whole exchange.")
        lines.append("# TYPE margin_token_service_upstream_seconds histogram")
        for (index, bound) in Self.buckets.enumerated() {
            lines.append("margin_token_service_upstream_seconds_bucket{le=\"\(Self.format(bound))\"} \(state.bucketCounts[index])")
        }
        lines.append("margin_token_service_upstream_seconds_bucket{le=\"+Inf\"} \(state.upstreamCount)")
        lines.append("margin_token_service_upstream_seconds_sum \(Self.format(state.upstreamSum))")
        lines.append("margin_token_service_upstream_seconds_count \(state.upstreamCount)")
        lines.append("# HELP margin_token_service_open_connections Client connections open now.")
        lines.append("# TYPE margin_token_service_open_connections gauge")
        lines.append("margin_token_service_open_connections \(tracker?.count ?? 0)")
        lines.append("# HELP margin_token_service_evicted_connections_total Idle connections closed at --max-connections to admit new ones.")
        lines.append("# TYPE margin_token_service_evicted_connections_total counter")
        lines.append("margin_token_service_evicted_connections_total \(tracker?.evictions ?? 0)")
        lines.append("# HELP margin_token_service_connection_timeouts_total Connections closed by --header-timeout or --body-timeout.")
        lines.append("# TYPE margin_token_service_connection_timeouts_total counter")
        for reason in ["body", "header"] {
            lines.append("margin_token_service_connection_timeouts_total{timeout=\"\(reason)\"} \(state.timeouts[reason] ?? 0)")
        }
        lines.append("# HELP margin_token_service_rate_limited_total Requests refused with 429 by the per-address rate limit.")
        lines.append("# TYPE margin_token_service_rate_limited_total counter")
        lines.append("margin_token_service_rate_limited_total \(state.rateLimited)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
