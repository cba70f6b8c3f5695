import Foundation
import NoteStore
import Voice

/// The body of a voice note: the recording (from the microphone or a file) kept beside the
/// store under the note's id, then transcribed. `note --voice` and `watch`'s `v` both take
/// their voice notes this way.
public struct Dictation: Sendable {
    /// Where the audio comes from.
    public enum Source: Sendable {
        /// The microphone through `recorder`, until `stop` yields, silence or the limit.
        case microphone(RecorderProgram, stop: AsyncStream<Void>)
        /// A 16-bit PCM WAV file (`--audio`).
        case file(String)
    }

    public var transcriber: any Transcriber
    public var source: Source
    /// The longest recording, in seconds.
    public var maxSeconds: Double
    /// The note the recording belongs to: its audio is kept under this id.
    public var noteID: String
    /// The store's path; recordings are kept beside it.
    public var storePath: String

    public init(transcriber: any Transcriber, source: Source, maxSeconds: Double, noteID: String, storePath: String) {
        self.transcriber = transcriber
        self.source = source
        self.maxSeconds = maxSeconds
        self.noteID = noteID
        self.storePath = storePath
    }

    /// Records (or reads), keeps and transcribes; `progress` hears the recording's level, and
    /// `spoken` is called once the recording is kept, before the transcript is ready. Only
    /// taking and keeping the audio can fail: a failed transcription is in the result.
    public func take(
        progress: @escaping @Sendable (Recorder.Progress) -> Void = { _ in }, spoken: @escaping @Sendable () async -> Void = {}
    ) async throws(VoiceError) -> VoiceTake.Result {
        let take = VoiceTake(transcriber: transcriber, maxSeconds: maxSeconds)
        let from: VoiceTake.Source = switch source {
        case .file(let path): .file(path)
        case .microphone(let program, let stop): .microphone(Recorder(program: program), stop: stop)
        }
        let noteID = self.noteID, storePath = self.storePath
        return try await take.take(from: from, progress: progress, kept: spoken) { audio throws(VoiceError) in
            try VoiceNote.keep(audio, noteID: noteID, store: storePath)
        }
    }

    /// What a take gives the note: the transcript (empty when there is none), the voice tag,
    /// and the recording's state: done, or failed with the recognizer's reason.
    ///
    /// When the audio could not be kept (a full disk) the transcript is all there is: the note
    /// keeps it, its voice `done` and saying why there is no recording; with no transcript
    /// either, nothing of what was said is left and the keeping's failure is thrown.
    public static func written(_ result: VoiceTake.Result, audioPath: String) throws(VoiceError) -> CaptureRequest.Written {
        guard let failure = result.keepFailure else {
            return CaptureRequest.Written(text: result.text, tags: result.tags, voice: voice(of: result), warnings: result.warnings,
                                          segments: segments(result.segments))
        }
        guard !result.text.isEmpty else { throw failure }
        let voice = NoteVoice(audio: audioPath, durationMs: Int((result.audio.seconds * 1000).rounded()), state: .done,
                              error: failure.message)
        return CaptureRequest.Written(text: result.text, tags: result.tags, voice: voice,
                                      warnings: result.warnings + ["\(failure.message); the note keeps its transcript"],
                                      segments: segments(result.segments))
    }

    /// The recording of `result` and how its transcription went.
    public static func voice(of result: VoiceTake.Result) -> NoteVoice {
        let failure: String? = switch result.transcript {
        case .success(let text): text.isEmpty ? "no words were recognized" : nil
        case .failure(let error): error.message
        }
        return NoteVoice(audio: result.path, durationMs: Int((result.audio.seconds * 1000).rounded()),
                         state: failure == nil ? .done : .failed, error: failure)
    }

    /// A recognizer's segments as the note keeps them; none when they break the note's rules
    /// (``NoteSegment/problem(_:)``): the text is what matters, and the store takes only
    /// segments any reader can trust.
    public static func segments(_ segments: [WhisperSegment]) -> [NoteSegment] {
        let kept = segments.map { NoteSegment(startMs: $0.startMs, endMs: $0.endMs, text: $0.text) }
        return NoteSegment.problem(kept) == nil ? kept : []
    }

    /// Where the recording of note `noteID` is kept.
    public var audioPath: String { VoiceNote.audioPath(noteID: noteID, store: storePath) }
}
