/// When the interactive `watch` asks Spotify next.
///
/// Steady: every `playingInterval` while playing, every `idleInterval` while paused or idle.
/// For `quickWindow` after a change the view sees or makes (a pause, resume, seek or new
/// episode), every `quickInterval`, so that a change made on another device right after shows
/// at once instead of after a paused view's long wait. Whatever the reason, polls made while
/// playing stay within `playingBudget` and polls made while paused within `idleBudget` in any
/// minute, and a rate limit or failure pushes the next poll out to `notBefore`.
public struct PollSchedule: Sendable {
    typealias Instant = ContinuousClock.Instant

    public var playingInterval: Duration = .seconds(3)
    public var idleInterval: Duration = .seconds(20)
    var quickInterval: Duration = .seconds(2)
    var quickWindow: Duration = .seconds(8)
    var playingBudget = 20
    var idleBudget = 4
    /// Polls of the last minute: when, and whether the view thought playback was playing.
    private(set) var history: [(at: Instant, playing: Bool)] = []
    /// The last change seen or made.
    var lastChange: Instant?
    /// No poll before this (Retry-After, failure backoff).
    var notBefore: Instant?

    public init() {}

    /// A schedule polling every `interval` while playing, and no more often than that while idle.
    public init(playingEvery interval: Duration) {
        playingInterval = interval
        idleInterval = max(idleInterval, interval)
    }

    /// Records a poll started at `now`.
    mutating func polled(at now: Instant, playing: Bool) {
        history.removeAll { now - $0.at >= .seconds(60) }
        history.append((now, playing))
    }

    /// The next poll after the one at `last`, with playback `playing` as last seen.
    func next(after last: Instant, playing: Bool) -> Instant {
        var next = last + (playing ? playingInterval : idleInterval)
        if let change = lastChange, last < change + quickWindow {
            next = min(next, last + quickInterval)
        }
        // A poll at `next` must leave at most `budget` polls of its kind in the minute ending there.
        let budget = playing ? playingBudget : idleBudget
        let counted = history.filter { playing || !$0.playing }.map(\.at)
        if counted.count >= budget {
            let oldestKept = counted[counted.count - budget]
            next = max(next, oldestKept + .seconds(60))
        }
        if let notBefore { next = max(next, notBefore) }
        return next
    }
}
