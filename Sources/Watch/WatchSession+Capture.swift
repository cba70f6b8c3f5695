import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import Synchronization

extension WatchSession {
    /// The moment of a key press as the view knows it (the last poll's snapshot, its position
    /// extrapolated to `now`; no request), or why nothing is known.
    func moment(at now: Instant) -> (PlaybackSnapshot?, unknown: String?) {
        let snapshot = state.moment(at: now)
        guard snapshot == nil else { return (snapshot, nil) }
        if !state.polled { return (nil, "Spotify had not answered yet") }
        return (nil, state.problem.map { "Spotify could not be reached: \($0)" })
    }

    /// The pin capture makes of a moment seen at a key press, by the same rules `margin note`
    /// follows (``PinRules``, `note.lead` taken off, never before 0:00): what the screen shows
    /// while the note is written is what is stored.
    func pin(seen: PlaybackSnapshot?, unknown: String?) -> Result<Pin, Unpinned> {
        PinRules.pin(seen: seen, unknown: unknown).map { PinRules.lead($0, by: leadMs) }
    }

    /// The capture use case as the view runs it: its own player, whose pauses show on screen.
    var capture: NoteCapture {
        NoteCapture(player: ViewPlayer(player: player, events: continuation), openStore: openStore)
    }

    /// Opens `draft` in the line editor and starts its capture, which pins the moment seen at
    /// the key press, pauses playback (when `pausing` and it plays), waits for Enter or Esc,
    /// stores the note with its `#tag` words as tags, and resumes what it paused.
    mutating func write(_ draft: WatchState.Draft, pausing: Bool) {
        state.draft = draft
        state.showingKeys = false
        let (replies, reply) = AsyncStream<String?>.makeStream()
        draftReply = reply
        let request = CaptureRequest(
            when: .seen(draft.seen, unknown: draft.unknown),
            what: .compose {
                for await text in replies {
                    guard let text else { break }
                    let split = InlineTags.split(text)
                    return CaptureRequest.Written(text: split.text, tags: split.tags)
                }
                throw CaptureFailure.cancelled
            },
            leadMs: leadMs, pauseWhileWriting: pausing)
        let capture = self.capture, continuation = self.continuation
        let task = Task {
            do {
                let outcome = try await capture.capture(request)
                let short = outcome.note.id.prefix(8)
                let message = outcome.note.pin == nil
                    ? "saved \(short) unpinned (\(outcome.unpinnedReason ?? "no position")); 'margin pin \(short)' pins it"
                    : "saved \(short) at \(outcome.note.position ?? "0:00")"
                continuation.yield(.finished(message, pollSoon: false))
                return true
            } catch CaptureFailure.cancelled {
                // Esc said so already.
            } catch CaptureFailure.empty {
                continuation.yield(.finished("the note is empty; nothing was saved", pollSoon: false))
            } catch let failure as CaptureFailure {
                // Back into the editor, its pin and text kept, to try again.
                var kept = draft
                kept.editor = LineEditor(failure.text ?? "")
                continuation.yield(.unsaved(Self.summary(failure), draft: kept))
            } catch {
                continuation.yield(.finished(PinRules.describe(error), pollSoon: false))
            }
            return false
        }
        captures.append(task)
        draftCapture = task
    }

    /// Ends the captures still under way (the view is closing, by `q`, Ctrl-C or a signal). A
    /// note being written is saved as it stands, at the moment of its `n`, and a recording is
    /// stopped and kept as its note: only Esc throws either away. Each capture resumes what it
    /// paused before the view ends; one busy with Spotify is given a few seconds, one with a
    /// recording to keep and transcribe ten.
    ///
    /// Returns the text of the note being written when it could not be stored in that time,
    /// so that the caller can hand it to the user.
    mutating func endCaptures() async -> String? {
        var ending: (task: Task<Bool, Never>, text: String)?
        if let reply = draftReply, let draft = state.draft, let task = draftCapture {
            let text = draft.editor.text
            if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                reply.yield(text)
                ending = (task, text)
            }
        }
        draftReply?.finish()
        draftReply = nil
        state.draft = nil
        let recording = voiceStop != nil
        let recordingID = state.recording?.noteID
        voiceDrop?.stop()
        voiceStop?.yield(())
        let pending = captures, marking = marks
        captures = []
        marks = []
        let patience: Duration = recording ? .seconds(10) : .seconds(3)
        // Both at once, with the same patience, and apart: a slow mark says nothing of the captures.
        async let marked = Self.settle(marking, within: patience)
        let finished = await Self.settle(pending, within: patience)
        _ = await marked
        if !finished, let recordingID { removeUnrecorded(recordingID) }
        guard let ending else { return nil }
        // The draft's own capture said whether it stored the note; unfinished means not stored.
        let stored = finished ? await ending.task.value : false
        return stored ? nil : ending.text
    }

    /// Waits for `tasks` for up to `patience`; true when they all ended within it. Not a task
    /// group: one waits for all its tasks, and awaiting a task's value does not end on
    /// cancellation, so a transcription would hold the view's end for as long as it runs. The
    /// patience counts from when its timer first runs: threads kept busy meanwhile delay the
    /// tasks waited for as much as the timer.
    static func settle<Value: Sendable>(_ tasks: [Task<Value, Never>], within patience: Duration) async -> Bool {
        guard !tasks.isEmpty else { return true }
        return await withCheckedContinuation { continuation in
            let answer = Once(continuation)
            Task {
                for task in tasks { _ = await task.value }
                answer.resume(true)
            }
            Task {
                try? await Task.sleep(for: patience)
                answer.resume(false)
            }
        }
    }

    /// The view ends while a `v` note's capture is still waiting for Spotify to pause, before
    /// its recording began: nothing was said, so its note goes, as it would had the recording
    /// started and stopped empty. One rule whichever comes first, the pause's answer or the
    /// view's end. A note with a recording is never touched here.
    func removeUnrecorded(_ noteID: String) {
        guard let store = try? openStore(), let note = try? store.note(id: noteID), let voice = note.voice,
              voice.state == .pending, note.text.isEmpty else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: voice.audio))?[.size] as? Int ?? 0
        // 44 bytes: a WAV header and no sound.
        guard size <= 44 else { return }
        try? store.delete(id: noteID)
    }

    /// A capture's failure as one clause for the footer.
    static func summary(_ failure: CaptureFailure) -> String {
        switch failure {
        case .empty: "the note is empty; nothing was saved"
        case .unsaved(_, let reason): "could not save the note (\(reason))"
        case .refused(_, .pastEnd): "the position is past the end of the episode; nothing was saved"
        case .refused(_, .noSuchEpisode(let id)): "Spotify has no episode '\(id)'; nothing was saved"
        case .abandoned(_, let reason): "\(reason); nothing was saved"
        case .cancelled, .stopped: "nothing was saved"
        }
    }
}

/// Resumes a continuation with the first answer given; later ones are dropped.
private final class Once: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = Mutex(continuation) }

    func resume(_ value: Bool) {
        continuation.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.resume(returning: value)
    }
}
