import Foundation
import Logging

/// Retries what is worth retrying, within a bound: a 429 asking for at most ``maxRetryAfter``
/// seconds, 5xx, and connection resets. Anything longer is returned at once, so no command
/// hangs past its timeout plus this backoff. A request with a ``TransportRequest/deadline`` is
/// not retried when the wait would end past it: the last reply (or reset) is handed back as it is.
public struct RetryingTransport: HTTPTransport {
    public static let maxRetries = 2
    /// Longest `Retry-After` margin waits out; a longer one is reported instead.
    public static let maxRetryAfter = 10

    let base: any HTTPTransport
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void

    public init(base: any HTTPTransport, logger: Logger = Logger(label: "margin"),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.base = base
        self.logger = logger
        self.sleep = sleep
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var attempt = 0
        while true {
            let started = ContinuousClock.now
            let response: TransportResponse
            do {
                response = try await base.send(request)
            } catch SpotifyError.unreachable(let endpoint, reset: true) where attempt < Self.maxRetries {
                let wait = Self.backoff(attempt: attempt)
                guard fits(wait, before: request.deadline) else { throw SpotifyError.unreachable(endpoint: endpoint, reset: true) }
                logger.debug("\(request.endpoint) connection reset; retrying")
                try await pause(wait, endpoint: endpoint)
                attempt += 1
                continue
            }
            let elapsed = ContinuousClock.now - started
            logger.debug("\(request.endpoint) -> \(response.status) (\(elapsed.components.attoseconds / 1_000_000_000_000_000 + elapsed.components.seconds * 1000) ms)")
            guard attempt < Self.maxRetries, let wait = retryDelay(for: response, attempt: attempt),
                  fits(wait, before: request.deadline) else { return response }
            try await pause(wait, endpoint: request.endpoint)
            attempt += 1
        }
    }

    /// How long to wait before retrying `response`, or nil to hand it back.
    func retryDelay(for response: TransportResponse, attempt: Int) -> Duration? {
        switch response.status {
        case 429:
            let seconds = Int(response.headers["retry-after"]?.trimmingCharacters(in: .whitespaces) ?? "") ?? 1
            return seconds <= Self.maxRetryAfter ? .seconds(max(seconds, 0)) : nil
        case 500, 502, 503, 504:
            return Self.backoff(attempt: attempt)
        default:
            return nil
        }
    }

    /// 0.5 s, 1 s, … with ±50 % jitter so parallel clients do not retry in step.
    static func backoff(attempt: Int) -> Duration {
        let base = 500.0 * Double(1 << attempt)
        return .milliseconds(Int(base * Double.random(in: 0.5...1.5)))
    }

    /// True when waiting `wait` still leaves time before `deadline` for another try.
    private func fits(_ wait: Duration, before deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline else { return true }
        return ContinuousClock.now + wait < deadline
    }

    private func pause(_ duration: Duration, endpoint: String) async throws {
        do { try await sleep(duration) } catch { throw SpotifyError.cancelled }
    }
}
