import Foundation
import SpotifyClient

extension WatchSession {
    /// Back and forward steps of `←` and `→`.
    static let backMs = 15_000, forwardMs = 30_000

    /// One key: to the note being written when there is one, else a command.
    mutating func press(_ key: Key, at now: Instant) {
        if state.recording != nil {
            recordingKey(key, at: now)
            return
        }
        if key == .interrupt {
            ending = .status(130)
            return
        }
        if state.draft != nil {
            edit(key, at: now)
            return
        }
        switch key {
        case .character("q"), .character("Q"): ending = .status(0)
        case .character("n"), .character("N"): startNote(at: now)
        case .character(" "): togglePlayback(at: now)
        case .left: seek(by: -Self.backMs, at: now)
        case .right: seek(by: Self.forwardMs, at: now)
        case .character("v"), .character("V"): startVoice(at: now)
        default: break
        }
    }

    /// Keys while a note is written: Enter saves, Esc cancels, the rest edits.
    mutating func edit(_ key: Key, at now: Instant) {
        guard var draft = state.draft else { return }
        switch key {
        case .enter:
            state.draft = nil
            // Saving resumes what `n` paused: one request, whatever the save's fate.
            if draft.pausedPlayback { command(.resume, at: now) }
            save(draft)
        case .escape:
            state.draft = nil
            state.say("note cancelled; nothing was saved", at: now)
            if draft.pausedPlayback { command(.resume, at: now) }
        default:
            _ = draft.editor.apply(key)
            state.draft = draft
        }
    }

    /// `n`: the pin is fixed now, at the position extrapolated from the last poll (no request),
    /// `note.lead` before it; typing for a minute does not move it.
    mutating func startNote(at now: Instant) {
        var moment = state.moment(at: now)
        if let position = moment?.progressMs { moment?.progressMs = max(position - leadMs, 0) }
        var reason: String?
        if moment == nil {
            reason = !state.polled ? "Spotify had not answered yet"
                : state.problem.map { "Spotify could not be reached: \($0)" } ?? "nothing was playing"
        }
        var draft = WatchState.Draft(moment: moment, unpinnedReason: reason)
        if pauseOnNote, state.snapshot?.isPlaying == true {
            draft.pausedPlayback = true
            command(.pause, at: now)
        }
        state.draft = draft
    }

    /// `space`: pause when playing, resume when paused.
    mutating func togglePlayback(at now: Instant) {
        guard let snapshot = state.snapshot else {
            state.say("nothing is playing", at: now)
            return
        }
        command(snapshot.isPlaying ? .pause : .resume, at: now)
    }

    /// `←`/`→`: seek from the position now, within the episode.
    mutating func seek(by offset: Int, at now: Instant) {
        guard state.snapshot != nil, let position = state.positionMs(at: now) else {
            state.say("nothing is playing", at: now)
            return
        }
        var target = max(position + offset, 0)
        if let duration = state.snapshot?.durationMs, duration > 0 { target = min(target, duration) }
        command(.seek(target), at: now)
    }
}
