import Foundation
import NoteCapture
import NoteStore
import SpotifyClient

extension WatchSession {
    /// A playback command the view sends.
    enum Command: Sendable {
        case pause, resume, seek(Int)
    }

    /// Sends `command` (one request) and shows its effect at once; the next poll, made soon,
    /// confirms it. A seek also tells the library cache that the episode's position moved, as
    /// `margin seek` does, so that `margin episodes` asks Spotify rather than showing the old one.
    mutating func command(_ command: Command, at now: Instant) {
        let episode = state.snapshot.flatMap { $0.kind == .episode ? $0.itemID : nil }
        if case .seek = command, let episode { positionMoved(episode) }
        show(command, at: now)
        let player = self.player, continuation = self.continuation, openStore = self.openStore
        Task {
            do {
                switch command {
                case .pause: try await player.pause()
                case .resume: try await player.resume()
                case .seek(let target):
                    try await player.seek(positionMs: target)
                    // And again once it is carried out: a listing or a capture may have cached
                    // the position from before it meanwhile. Not waited for when the view ends.
                    if let episode { try? openStore().markEpisodesStale([episode]) }
                }
                continuation.yield(.finished(nil, pollSoon: true))
            } catch {
                continuation.yield(.finished(PinRules.describe(error), pollSoon: true))
            }
        }
    }

    /// Marks the episode's cached position out of date as the seek is sent, beside it rather
    /// than before it (a busy store must not hold the seek back): a view ended while Spotify is
    /// still seeking waits for this mark (the seek was sent and will be carried out). A store
    /// that cannot be written is passed over: the entry ages out within the hour.
    mutating func positionMoved(_ episode: String) {
        let openStore = self.openStore
        marks.append(Task { _ = try? openStore().markEpisodesStale([episode]) })
    }

    /// Shows `command`'s effect at once, whoever sends it (the view, or a capture pausing
    /// while a note is written), and polls soon to confirm it. Until the command is done, what
    /// polls answer is set aside: Spotify may still report the position before a seek.
    mutating func show(_ command: Command, at now: Instant) {
        if var snapshot = state.moment(at: now) {
            switch command {
            case .pause: snapshot.isPlaying = false
            case .resume: snapshot.isPlaying = true
            case .seek(let target): snapshot.progressMs = target
            }
            state.snapshot = snapshot
            state.polledAt = now
        }
        lastCommandAt = now
        commandsUnderWay += 1
        changed(at: now)
    }

    /// A change was seen or made: poll sooner for a while (within the budget).
    mutating func changed(at now: Instant) {
        schedule.lastChange = now
        if let last = lastPollAt { nextPoll = schedule.next(after: last, playing: state.snapshot?.isPlaying == true) }
    }

    mutating func startPoll(at now: Instant) {
        polling = true
        lastPollAt = now
        schedule.polled(at: now)
        let player = self.player, continuation = self.continuation
        Task {
            let outcome: PollOutcome
            do {
                outcome = .snapshot(try await player.playbackState())
            } catch SpotifyError.rateLimited(let seconds, _) {
                outcome = .rateLimited(seconds: seconds)
            } catch {
                outcome = .failed(PinRules.describe(error))
            }
            continuation.yield(.polled(outcome, startedAt: now))
        }
    }

    mutating func polled(_ outcome: PollOutcome, startedAt: Instant, at now: Instant) {
        polling = false
        switch outcome {
        case .snapshot(let snapshot):
            failures = 0
            state.problem = nil
            schedule.notBefore = nil
            if commandsUnderWay > 0 { break }
            if let command = lastCommandAt, startedAt < command { break }
            let old = state.snapshot
            // The first answer is no change: it would spend a paused minute's budget at start.
            if state.polled, Self.changed(from: old, expected: state.positionMs(at: now), to: snapshot) { changed(at: now) }
            state.snapshot = snapshot
            state.polledAt = now
            state.polled = true
            if old?.itemID != snapshot?.itemID {
                state.notes = []
                loadNotes()
            }
        case .rateLimited(let seconds):
            failures += 1
            let wait = max(seconds, 1)
            schedule.notBefore = now + .seconds(wait)
            state.problem = "Spotify is rate limiting; next check in \(wait) s"
        case .failed(let reason):
            failures += 1
            let wait = schedule.backoff(failures: failures)
            schedule.notBefore = now + wait
            state.problem = "\(reason); retrying in \(wait.components.seconds) s"
        }
        nextPoll = schedule.next(after: startedAt, playing: state.snapshot?.isPlaying == true)
    }

    /// Another item, play/pause, or a position off from the expected by more than 3 s (a seek).
    static func changed(from old: PlaybackSnapshot?, expected: Int?, to new: PlaybackSnapshot?) -> Bool {
        guard let old, let new else { return (old == nil) != (new == nil) }
        if old.itemID != new.itemID || old.isPlaying != new.isPlaying { return true }
        guard let expected, let actual = new.progressMs else { return false }
        return abs(actual - expected) > 3000
    }

    /// Reads the playing item's notes from the store, off the loop.
    func loadNotes() {
        guard let itemID = state.snapshot?.itemID else { return }
        let openStore = self.openStore, continuation = self.continuation
        Task {
            let notes = (try? openStore().notes(NoteFilter(itemID: itemID))) ?? []
            continuation.yield(.notes(itemID: itemID, notes))
        }
    }
}
