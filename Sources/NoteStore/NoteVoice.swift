/// A voice note's recording on this machine and how far its transcription got.
///
/// The note is stored as soon as its moment is known, before the recording or the recognizer
/// runs: its text is empty and its state ``State/pending`` until the transcript arrives, and a
/// recognizer that fails leaves it ``State/failed`` with the reason. `margin transcribe`
/// finishes what is pending or failed. The recording stays on this machine: sync carries the
/// text, not this.
public struct NoteVoice: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Not transcribed yet (margin ended before the recognizer, or it is running).
        case pending
        /// The text is the transcript (or was corrected by hand since).
        case done
        /// The recognizer failed; ``NoteVoice/error`` says why.
        case failed
    }

    /// The recording, a 16 kHz mono WAV beside the store.
    public var audio: String
    /// The recording's length; nil while it is being recorded.
    public var durationMs: Int?
    public var state: State
    /// Why the transcription failed; nil unless ``state`` is ``State/failed``.
    public var error: String?

    public init(audio: String, durationMs: Int? = nil, state: State, error: String? = nil) {
        self.audio = audio
        self.durationMs = durationMs
        self.state = state
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case audio, durationMs = "duration_ms", state, error
    }
}
