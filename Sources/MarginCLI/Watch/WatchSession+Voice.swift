import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import Voice

/// What `v` in the interactive `watch` needs: where recordings go, the recognizer and the
/// recorder, or why voice notes cannot be taken here.
struct WatchVoice: Sendable {
    var storePath: String
    var transcriber: (any Transcriber)?
    var recorder: RecorderProgram?
    /// Why there is no transcriber (a broken `transcribe.*` setting).
    var problem: String?
    var maxSeconds: Double = 120
}

extension WatchSession {
    /// `v`: the pin is fixed now, as for `n`; playback pauses, and the recording runs until
    /// Enter (or `v`, space, Ctrl-C), 2 s of silence or the limit. Esc drops it.
    mutating func startVoice(at now: Instant) {
        guard let recorder = voice.recorder else { return state.say(VoiceError.noRecorder.message, at: now, for: .seconds(15)) }
        guard let transcriber = voice.transcriber else {
            return state.say(voice.problem ?? "no recognizer is configured", at: now, for: .seconds(15))
        }
        var moment = state.moment(at: now)
        if let position = moment?.progressMs { moment?.progressMs = max(position - leadMs, 0) }
        var recording = WatchState.Recording(moment: moment)
        if moment == nil {
            recording.unpinnedReason = !state.polled ? "Spotify had not answered yet"
                : state.problem.map { "Spotify could not be reached: \($0)" } ?? "nothing was playing"
        }
        if state.snapshot?.isPlaying == true {
            recording.pausedPlayback = true
            command(.pause, at: now)
        }
        state.recording = recording
        let (stop, stopper) = AsyncStream<Void>.makeStream()
        voiceStop = stopper
        let noteID = UUID().uuidString.lowercased()
        let take = VoiceTake(transcriber: transcriber, maxSeconds: voice.maxSeconds)
        let storePath = voice.storePath, continuation = self.continuation
        Task {
            do throws(VoiceError) {
                let result = try await take.take(
                    from: .microphone(Recorder(program: recorder), stop: stop),
                    progress: { continuation.yield(.voiceLevel(seconds: $0.seconds, level: $0.level)) }
                ) { audio throws(VoiceError) in try VoiceNote.keep(audio, noteID: noteID, store: storePath) }
                continuation.yield(.voiceRecorded(result, noteID: noteID))
            } catch {
                continuation.yield(.voiceFailed(error.message))
            }
        }
    }

    /// Keys while recording: Enter, `v`, space or Ctrl-C end it; Esc drops it.
    mutating func recordingKey(_ key: Key, at now: Instant) {
        guard var recording = state.recording, !recording.finishing else { return }
        switch key {
        case .enter, .character("v"), .character("V"), .character(" "), .interrupt:
            recording.finishing = true
        case .escape:
            recording.finishing = true
            recording.cancelled = true
        default:
            return
        }
        state.recording = recording
        voiceStop?.yield(())
    }

    /// The recording ended: playback resumes, and the note is saved unless Esc dropped it.
    mutating func recorded(_ result: VoiceTake.Result?, noteID: String?, failure: String?, at now: Instant) {
        guard let recording = state.recording else { return }
        state.recording = nil
        voiceStop = nil
        if recording.pausedPlayback { command(.resume, at: now) }
        if recording.cancelled {
            if let result { try? FileManager.default.removeItem(atPath: result.path) }
            return state.say("voice note cancelled; nothing was saved", at: now)
        }
        if let failure { return state.say("\(failure); nothing was saved", at: now, for: .seconds(15)) }
        guard let result, let noteID else { return }
        saveVoice(result, noteID: noteID, recording: recording)
    }

    /// Stores the voice note through the capture use case, pinned where `v` was pressed.
    func saveVoice(_ result: VoiceTake.Result, noteID: String, recording: WatchState.Recording) {
        let dictation = CaptureRequest.Dictation(text: result.text, tags: result.tags)
        let moment = recording.moment
        let capture = NoteCapture(player: RememberedPlayer(moment: moment, reason: recording.unpinnedReason),
                                  playerUnavailable: recording.unpinnedReason, openStore: openStore)
        let episodeID = moment?.kind == .episode ? moment?.itemID : nil
        let request = CaptureRequest(source: .dictate { dictation }, episodeID: episodeID,
                                     positionMs: episodeID == nil ? nil : moment?.progressMs, noteID: noteID)
        let continuation = self.continuation
        Task {
            do {
                let outcome = try await capture.capture(request)
                let short = outcome.note.id.prefix(8)
                let heard = dictation.text.isEmpty ? "no words recognized; 'margin transcribe \(short)' tries again"
                    : "“\(dictation.text)”"
                continuation.yield(.finished("saved voice note \(short) at \(outcome.note.position ?? "unpinned"): \(heard)", pollSoon: false))
            } catch {
                let reason = (error as? CaptureFailure).map(NoteFailure.init)?.errorDescription ?? PinRules.describe(error)
                continuation.yield(.finished("the voice note was not saved: \(reason)", pollSoon: false))
            }
        }
    }
}
