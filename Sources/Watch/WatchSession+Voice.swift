import Foundation
import NoteCapture
import NoteStore
import Synchronization
import Voice

/// What `v` in the interactive `watch` needs: where recordings go, the recognizer and the
/// recorder, or why voice notes cannot be taken here.
public struct WatchVoice: Sendable {
    public var storePath: String
    public var transcriber: (any Transcriber)?
    public var recorder: RecorderProgram?
    /// Why there is no transcriber (a broken `transcribe.*` setting).
    public var problem: String?
    public var maxSeconds: Double = 120

    public init(storePath: String, recorder: RecorderProgram? = nil, transcriber: (any Transcriber)? = nil, problem: String? = nil) {
        self.storePath = storePath
        self.recorder = recorder
        self.transcriber = transcriber
        self.problem = problem
    }
}

/// What the view told a `v` note's capture, for it to read from its own task: Esc (the
/// recording is thrown away once it stops), and any end of it (a key, or the view closing).
final class VoiceDrop: Sendable {
    private let told = Mutex((dropped: false, stopped: false))
    func drop() { told.withLock { $0.dropped = true } }
    var isDropped: Bool { told.withLock { $0.dropped } }
    func stop() { told.withLock { $0.stopped = true } }
    /// Ended before the recorder started (Spotify slow to pause): nothing is to be recorded,
    /// not even the moment the recorder and the stop would race for.
    var isStopped: Bool { told.withLock { $0.stopped } }
}

extension WatchSession {
    /// `v`: a voice note through the capture use case, as `margin note --voice` takes one: the
    /// pin is fixed now, as for `n`; playback pauses while the user speaks, the recording runs
    /// until Enter (or `v`, space, Ctrl-C), 2 s of silence or the limit, is kept and
    /// transcribed, and playback resumes. Esc drops it.
    mutating func startVoice(at now: Instant) {
        guard let recorder = voice.recorder else { return state.say(VoiceError.noRecorder.message, at: now, for: .seconds(15)) }
        guard let transcriber = voice.transcriber else {
            return state.say(voice.problem ?? "no recognizer is configured", at: now, for: .seconds(15))
        }
        let (seen, unknown) = moment(at: now)
        let noteID = UUID().uuidString.lowercased()
        state.recording = WatchState.Recording(noteID: noteID, pin: pin(seen: seen, unknown: unknown))
        state.showingKeys = false
        let (stop, stopper) = AsyncStream<Void>.makeStream()
        let drop = VoiceDrop()
        (voiceStop, voiceDrop) = (stopper, drop)
        let dictation = Dictation(transcriber: transcriber, source: .microphone(recorder, stop: stop), maxSeconds: voice.maxSeconds,
                                  noteID: noteID, storePath: voice.storePath)
        let continuation = self.continuation
        let request = CaptureRequest(
            when: .seen(seen, unknown: unknown),
            what: .dictate(audio: dictation.audioPath) { spoken in
                let result: VoiceTake.Result
                if drop.isStopped { throw drop.isDropped ? CaptureFailure.cancelled : VoiceError.nothingHeard(seconds: 0) }
                do {
                    result = try await dictation.take(progress: { continuation.yield(.voiceLevel(seconds: $0.seconds, level: $0.level)) },
                                                      spoken: {
                        // The view goes on while the recognizer works; keys are the view's again,
                        // before playback resumes: a `v` pressed as soon as it plays starts a
                        // new note rather than ending the one already over.
                        continuation.yield(.voiceRecorded(noteID: noteID))
                        await spoken()
                    })
                } catch where drop.isDropped {
                    // Esc before anything was heard ends the recording empty: still a cancel.
                    throw CaptureFailure.cancelled
                }
                if drop.isDropped {
                    try? FileManager.default.removeItem(atPath: result.path)
                    throw CaptureFailure.cancelled
                }
                return try Dictation.written(result, audioPath: dictation.audioPath)
            },
            leadMs: leadMs, noteID: noteID)
        let capture = self.capture
        captures.append(Task {
            do {
                let outcome = try await capture.capture(request)
                let short = outcome.note.id.prefix(8)
                let heard = outcome.note.text.isEmpty ? "no words recognized; 'margin transcribe \(short)' tries again"
                    : "“\(outcome.note.text)”"
                continuation.yield(.voiceEnded(noteID: noteID, message: "saved voice note \(short) at \(outcome.note.position ?? "unpinned"): \(heard)"))
                return true
            } catch CaptureFailure.cancelled {
                continuation.yield(.voiceEnded(noteID: noteID, message: "voice note cancelled; nothing was saved"))
            } catch CaptureFailure.abandoned(_, let reason) {
                continuation.yield(.voiceEnded(noteID: noteID, message: "\(reason); nothing was saved"))
            } catch {
                let reason = (error as? CaptureFailure).map(Self.summary) ?? PinRules.describe(error)
                continuation.yield(.voiceEnded(noteID: noteID, message: "the voice note was not saved: \(reason)"))
            }
            return false
        })
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
            voiceDrop?.drop()
        default:
            return
        }
        state.recording = recording
        voiceDrop?.stop()
        voiceStop?.yield(())
    }
}
