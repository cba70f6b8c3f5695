import Foundation
import NoteCapture
import NoteStore
import SpotifyClient

/// Everything the interactive `watch` shows, changed only by its event loop.
struct WatchState: Sendable {
    /// The last answer from Spotify; nil when nothing is playing.
    var snapshot: PlaybackSnapshot?
    /// When that answer arrived, on the monotonic clock: the position is extrapolated from it,
    /// so a wall clock that steps does not move the view or a note's pin.
    var polledAt: ContinuousClock.Instant?
    /// False until the first poll answers: "nothing playing" before then would be a guess.
    var polled = false
    /// Notes of the item playing, in playback order.
    var notes: [Note] = []
    /// A message for the footer (rate limit, failure, a saved note), and until when; one too
    /// long for the footer has lines of its own above it.
    var message: String?
    var messageUntil: ContinuousClock.Instant?
    /// A failure that lasts until the next poll that works (shown before the keys).
    var problem: String?
    /// The note being written, when there is one.
    var draft: Draft?
    /// The voice note being recorded (`v`), when there is one.
    var recording: Recording?
    /// `?` lists every key above the footer, until `?` or Esc hides them again.
    var showingKeys = false
    /// Voice notes recorded and now being transcribed, in the background: the view goes on.
    var transcribing: [Transcribing] = []

    /// A voice note whose recording is kept and whose transcript is awaited.
    struct Transcribing: Equatable, Sendable {
        var noteID: String
        var positionMs: Int?
    }

    /// A voice note being recorded: its pin was fixed at the key press, as a draft's.
    struct Recording: Equatable, Sendable {
        /// The note's id, fixed at the key press (its recording is kept under it).
        var noteID: String
        /// The pin fixed at the key press, or why there is none.
        var pin: Result<Pin, Unpinned>
        var seconds = 0.0
        var level = 0.0
        /// The recording has ended and is being kept.
        var finishing = false
        /// Esc: the recording is dropped, nothing is saved.
        var cancelled = false

        var positionMs: Int? { (try? pin.get())?.progressMs }
    }

    /// A note being written: its pin was fixed at the key press and never moves.
    struct Draft: Equatable, Sendable {
        /// The moment of the key press as capture takes it (before the lead).
        var seen: PlaybackSnapshot?
        /// Why nothing was known at the key press, when nothing was.
        var unknown: String?
        /// The pin capture makes of that moment, or why there is none.
        var pin: Result<Pin, Unpinned>
        var editor = LineEditor()

        var positionMs: Int? { (try? pin.get())?.progressMs }
    }

    /// The position now: the last poll's, plus the time since while playing, capped at the end.
    func positionMs(at now: ContinuousClock.Instant) -> Int? {
        guard let snapshot, let progress = snapshot.progressMs else { return nil }
        guard snapshot.isPlaying, let polledAt else { return progress }
        let elapsed = now - polledAt
        let elapsedMs = max(Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000), 0)
        let position = progress + elapsedMs
        guard let duration = snapshot.durationMs, duration > 0 else { return position }
        return min(position, duration)
    }

    /// The snapshot as it stands at `now`: what a note taken now pins to.
    func moment(at now: ContinuousClock.Instant) -> PlaybackSnapshot? {
        guard var moment = snapshot else { return nil }
        moment.progressMs = positionMs(at: now)
        return moment
    }

    /// Index of the note nearest to `position` within `window` ms, for the highlight.
    func nearestNote(to position: Int, window: Int = 10_000) -> Int? {
        var best: (index: Int, distance: Int)?
        for (index, note) in notes.enumerated() {
            guard let progress = note.pin?.progressMs else { continue }
            let distance = abs(progress - position)
            if distance <= window, distance < (best?.distance ?? .max) { best = (index, distance) }
        }
        return best?.index
    }

    /// Shows `text` in the footer for a few seconds.
    mutating func say(_ text: String, at now: ContinuousClock.Instant, for duration: Duration = .seconds(6)) {
        message = text
        messageUntil = now + duration
    }

    /// The footer message still showing at `now`.
    func message(at now: ContinuousClock.Instant) -> String? {
        guard let message, let until = messageUntil, now < until else { return nil }
        return message
    }
}
