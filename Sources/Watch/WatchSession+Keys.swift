import Foundation
import NoteCapture
import SpotifyClient

extension WatchSession {
    /// Back and forward steps of `←` and `→`.
    static let backMs = 15_000, forwardMs = 30_000

    /// One key: to the note being written when there is one, else a command.
    mutating func press(_ key: Key, at now: Instant) {
        if state.recording != nil {
            // q quits: the recording so far is kept, as when the view ends by a signal.
            if key == .character("q") || key == .character("Q") {
                ending = .status(0)
            } else {
                recordingKey(key, at: now)
            }
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
        if state.showingKeys, key == .escape {
            // Esc hides the keys `?` listed, and does nothing else.
            state.showingKeys = false
            return
        }
        switch key {
        case .character("q"), .character("Q"): ending = .status(0)
        case .character("n"), .character("N"): startNote(at: now)
        case .character(" "): togglePlayback(at: now)
        case .left: seek(by: -Self.backMs, at: now)
        case .right: seek(by: Self.forwardMs, at: now)
        case .character("v"), .character("V"): startVoice(at: now)
        case .character("?"), .character("h"): state.showingKeys.toggle()
        default: break
        }
    }

    /// Keys while a note is written: Enter saves, Esc cancels, the rest edits. The note's
    /// capture, waiting since `n`, takes it from there (and resumes what it paused).
    mutating func edit(_ key: Key, at now: Instant) {
        guard var draft = state.draft else { return }
        switch key {
        case .enter:
            state.draft = nil
            draftReply?.yield(draft.editor.text)
            draftReply = nil
        case .escape:
            state.draft = nil
            draftReply?.yield(nil)
            draftReply = nil
            state.say("note cancelled; nothing was saved", at: now)
        default:
            _ = draft.editor.apply(key)
            state.draft = draft
        }
    }

    /// `n`: the pin is fixed now, at the position extrapolated from the last poll (no request),
    /// `note.lead` before it, by capture's rules; typing for a minute does not move it.
    mutating func startNote(at now: Instant) {
        let (seen, unknown) = moment(at: now)
        write(WatchState.Draft(seen: seen, unknown: unknown, pin: pin(seen: seen, unknown: unknown)), pausing: pauseOnNote)
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
