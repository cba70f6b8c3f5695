/// How often margin asks Spotify what is playing, for every view that follows playback (the
/// interactive `margin watch` and the piped one): every ``playingInterval`` (3 s) while playing,
/// every ``idleInterval`` (5 s, never less than the playing one) while paused or when nothing
/// plays, so that a change made on another device shows within one poll. After failed polls in a
/// row it waits the idle interval doubled per failure, at most ``maxBackoff`` (a minute, or the
/// idle interval when that is longer): a Spotify that comes back is seen within a minute.
public struct PollPolicy: Sendable, Equatable {
    public private(set) var playingInterval: Duration
    public private(set) var idleInterval: Duration
    public private(set) var maxBackoff: Duration

    /// A policy polling every `interval` while playing, and no more often than that while idle.
    public init(playingEvery interval: Duration = .seconds(3)) {
        playingInterval = interval
        idleInterval = max(.seconds(5), interval)
        maxBackoff = max(.seconds(60), idleInterval)
    }

    /// The wait before the next poll when playback was last seen `playing` (or not).
    public func interval(playing: Bool) -> Duration {
        playing ? playingInterval : idleInterval
    }

    /// The wait after `failures` polls in a row failed.
    public func backoff(failures: Int) -> Duration {
        min(idleInterval * (1 << min(max(failures - 1, 0), 6)), maxBackoff)
    }
}
