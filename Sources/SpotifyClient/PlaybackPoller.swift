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

/// Polls the player: every ``playingInterval`` (3 s) while playing, every ``idleInterval`` (5 s,
/// never less than the playing one) while paused or idle, so that a change made on another
/// device shows within one poll; honouring `Retry-After`, and backing off on failures. Time
/// comes from the injected `sleep`, so tests never wait.
public struct PlaybackPoller: AsyncSequence, Sendable {
    public typealias Element = PollEvent

    public let playingInterval: Duration
    public let idleInterval: Duration
    /// Ceiling of the failure backoff.
    public let maxInterval: Duration
    let fetch: @Sendable () async throws -> PlaybackSnapshot?
    let sleep: @Sendable (Duration) async throws -> Void

    public init(playingInterval: Duration = .seconds(3), idleInterval: Duration = .seconds(5), maxInterval: Duration = .seconds(120),
                fetch: @escaping @Sendable () async throws -> PlaybackSnapshot?,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.playingInterval = playingInterval
        self.idleInterval = Swift.max(idleInterval, playingInterval)
        self.maxInterval = Swift.max(maxInterval, self.idleInterval)
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
                delay = snapshot?.isPlaying == true ? poller.playingInterval : poller.idleInterval
                return .snapshot(snapshot)
            } catch SpotifyError.rateLimited(let retryAfter, _) {
                failures += 1
                let wait = Swift.max(.seconds(retryAfter), backoff())
                delay = wait
                return .rateLimited(retryAfter: retryAfter, nextPoll: wait)
            } catch let error as SpotifyError where Self.isTransient(error) {
                failures += 1
                let wait = backoff()
                delay = wait
                return .failed(error, nextPoll: wait)
            }
        }

        /// Doubles the idle interval per consecutive failure, up to the ceiling.
        private func backoff() -> Duration {
            let factor = 1 << Swift.min(failures - 1, 6)
            return Swift.min(poller.idleInterval * factor, poller.maxInterval)
        }

        static func isTransient(_ error: SpotifyError) -> Bool {
            switch error {
            case .server, .timeout, .unreachable, .malformedResponse: true
            default: false
            }
        }
    }
}
