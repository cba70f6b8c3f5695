import SpotifyClient

/// When the interactive `watch` asks Spotify next.
///
/// Steady: on the ``PollPolicy`` the piped `watch` shares, every 3 s while playing and every 5 s
/// while paused or when nothing plays, so that a change made on another device (another
/// episode, a pause, a resume) shows within one poll. That is 20 requests a minute while playing
/// and 12 while paused, far below what Spotify's rolling window tolerates. For `quickWindow` after a
/// change the view sees or makes, every `quickInterval`, to confirm it at once; those extra
/// polls stop where the minute would hold more than `budget` polls, but nothing pushes a
/// steady poll out except Spotify itself: a rate limit's `Retry-After` or a failure's backoff
/// sets `notBefore`.
public struct PollSchedule: Sendable {
    typealias Instant = ContinuousClock.Instant

    public var policy = PollPolicy()
    var quickInterval: Duration = .seconds(2)
    var quickWindow: Duration = .seconds(8)
    /// Most polls in any minute once quick polls are counted in.
    var budget = 30
    /// When the polls of the last minute started.
    private(set) var history: [Instant] = []
    /// The last change seen or made.
    var lastChange: Instant?
    /// No poll before this (Retry-After, failure backoff).
    var notBefore: Instant?

    public init() {}

    /// A schedule polling every `interval` while playing, and no more often than that while idle.
    public init(playingEvery interval: Duration) {
        policy = PollPolicy(playingEvery: interval)
    }

    /// Records a poll started at `now`.
    mutating func polled(at now: Instant) {
        history.removeAll { now - $0 >= .seconds(60) }
        history.append(now)
    }

    /// The next poll after the one at `last`, with playback `playing` as last seen.
    func next(after last: Instant, playing: Bool) -> Instant {
        var next = last + policy.interval(playing: playing)
        if let change = lastChange, last < change + quickWindow {
            let quick = last + quickInterval
            // A quick poll is made only while the minute ending there has room for it.
            if quick < next, history.filter({ quick - $0 < .seconds(60) }).count < budget { next = quick }
        }
        if let notBefore { next = max(next, notBefore) }
        return next
    }

    /// How long to wait after `failures` polls in a row failed: the policy's backoff.
    func backoff(failures: Int) -> Duration {
        policy.backoff(failures: failures)
    }
}
