import Foundation
import NoteStore
import Voice

/// Transcribing voice notes' kept recordings (`margin transcribe`): those left pending (margin
/// ended before the recognizer finished) or failed, or one again after changing the recognizer.
public enum Transcription {
    /// Why a note could not be transcribed.
    public enum Failure: Error, Equatable {
        /// The note has no recording: a typed note.
        case noRecording(noteID: String)
        /// The voice note's recording is not where the note says (moved or removed).
        case recordingMissing(noteID: String, path: String)
    }

    /// Transcribes `note`'s recording with `transcriber` and stores the text (and its segments,
    /// when the recognizer gives them) in its place, its voice state `done`. A recognizer that fails, or hears no words, leaves the text as it is
    /// and the state `failed` with the reason, and throws. A missing recording is told before
    /// the recognizer is even set up.
    /// A transcript past ``TranscriptLimit/bytes`` is cut to it, and `cut` is called.
    public static func redo(_ note: Note, in store: NoteDatabase, storePath: String,
                            with recognizer: @autoclosure () throws -> any Transcriber, cut: () -> Void = {}) async throws -> Note {
        let path = note.voice?.audio ?? VoiceNote.audioPath(noteID: note.id, store: storePath)
        guard FileManager.default.fileExists(atPath: path) else {
            throw note.voice == nil ? Failure.noRecording(noteID: note.id) : Failure.recordingMissing(noteID: note.id, path: path)
        }
        var voice = note.voice ?? NoteVoice(audio: path, state: .pending)
        let text: String
        let segments: [NoteSegment]
        do {
            let audio = try WAVFile.read(path: path)
            voice.durationMs = Int((audio.seconds * 1000).rounded())
            let transcriber = try recognizer()
            let limited = try await transcriber.timedTranscript(audio, file: path).limited()
            text = limited.transcript.text
            segments = Dictation.segments(limited.transcript.segments)
            if limited.cut { cut() }
            guard !text.isEmpty else {
                throw VoiceError.transcriberFailed(command: transcriber.name,
                                                   reason: "recognized no words; 'margin edit \(note.id.prefix(8))' types them")
            }
        } catch {
            voice.state = .failed
            voice.error = (error as? VoiceError)?.message ?? String(describing: error)
            try? store.setVoice(voice, forNote: note.id)
            throw error
        }
        var updated = note
        updated.text = text
        // The new transcript's segments replace the old ones; a recognizer without times
        // leaves none, as the old ones would not match the new text.
        updated.segments = segments
        voice.state = .done
        voice.error = nil
        updated.voice = voice
        return try store.update(updated)
    }
}
