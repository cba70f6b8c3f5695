import Foundation
import NoteStore
import Voice

/// Transcribing a voice note's kept recording again (`margin transcribe`): after changing the
/// recognizer, or when the first transcription failed.
public enum Transcription {
    /// Why a note could not be transcribed again.
    public enum Failure: Error, Equatable {
        /// The note has no recording beside the store (a typed note, or the file was removed).
        case noRecording(noteID: String)
    }

    /// Transcribes `note`'s recording with `transcriber` and stores the text in its place (the
    /// "untranscribed" tag goes). A recognizer that hears no words changes nothing. A missing
    /// recording is told before the recognizer is even set up.
    public static func redo(_ note: Note, in store: NoteDatabase, storePath: String,
                            with recognizer: @autoclosure () throws -> any Transcriber) async throws -> Note {
        let path = VoiceNote.audioPath(noteID: note.id, store: storePath)
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.noRecording(noteID: note.id) }
        let audio = try WAVFile.read(path: path)
        let transcriber = try recognizer()
        let text = try await transcriber.transcribe(audio, file: path)
        guard !text.isEmpty else {
            throw VoiceError.transcriberFailed(command: transcriber.name,
                                               reason: "recognized no words; 'margin edit \(note.id.prefix(8))' types them")
        }
        var updated = note
        updated.text = text
        updated.tags.removeAll { $0 == VoiceNote.untranscribedTag }
        return try store.update(updated)
    }
}
