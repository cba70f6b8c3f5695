import Foundation

/// What a poll of the player produced.
public enum PollEvent: Sendable, Equatable {
    /// The player's state; nil when nothing is playing.
    case snapshot(PlaybackSnapshot?)
    /// Spotify asked margin to wait; the poller slows down instead of failing.
    case rateLimited(retryAfter: Int, nextPoll: Duration)
    /// A poll failed for another reason the poller can wait out (network, 5xx, timeout).
    case failed(SpotifyError, nextPoll: Duration)
}

/// Polls the player on the ``PollPolicy`` every view that follows playback shares, honouring
/// `Retry-After`, and backing off on failures. Time comes from the injected `sleep`, so tests
/// never wait.
public struct PlaybackPoller: AsyncSequence, Sendable {
    public typealias Element = PollEvent

    public let policy: PollPolicy
    let fetch: @Sendable () async throws -> PlaybackSnapshot?
    let sleep: @Sendable (Duration) async throws -> Void

    public init(policy: PollPolicy = PollPolicy(),
                fetch: @escaping @Sendable () async throws -> PlaybackSnapshot?,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.policy = policy
        self.fetch = fetch
        self.sleep = sleep
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(poller: self)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let poller: PlaybackPoller
        var delay: Duration? = nil
        var failures = 0

        public mutating func next() async throws -> PollEvent? {
            if let delay {
                do { try await poller.sleep(delay) } catch { return nil }
            }
            if Task.isCancelled { return nil }
            do {
                let snapshot = try await poller.fetch()
                failures = 0
                delay = poller.policy.interval(playing: snapshot?.isPlaying == true)
                return .snapshot(snapshot)
            } catch SpotifyError.rateLimited(let retryAfter, _) {
                failures += 1
                let wait = Swift.max(.seconds(retryAfter), poller.policy.backoff(failures: failures))
                delay = wait
                return .rateLimited(retryAfter: retryAfter, nextPoll: wait)
            } catch let error as SpotifyError where Self.isTransient(error) {
                failures += 1
                let wait = poller.policy.backoff(failures: failures)
                delay = wait
                return .failed(error, nextPoll: wait)
            }
        }

        static func isTransient(_ error: SpotifyError) -> Bool {
            switch error {
            case .server, .timeout, .unreachable, .malformedResponse: true
            default: false
            }
        }
    }
}
