import Foundation

extension AsyncHTTPTransport {
    /// Runs `exchange` (a request and the reading of its reply) and ends it at `budget`.
    ///
    /// AsyncHTTPClient's own deadline stops counting once the reply's head has arrived, so a
    /// server that sends the head and then its body a byte at a time would keep margin waiting
    /// as long as it liked; here the body is bounded too. Past `budget` the exchange is
    /// cancelled (its connection closed) and the call is a ``SpotifyError/timeout(endpoint:seconds:)``.
    static func bounded<Value: Sendable>(by budget: Duration, endpoint: String,
                                         _ exchange: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await exchange() }
            group.addTask {
                try await Task.sleep(for: budget)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw SpotifyError.timeout(endpoint: endpoint, seconds: budget.wholeSeconds)
            }
            return value
        }
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
