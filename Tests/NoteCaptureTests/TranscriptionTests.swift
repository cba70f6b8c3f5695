import Foundation
import NoteCapture
import NoteStore
import Testing
import Voice

/// A recognizer that answers from a script.
struct ScriptedTranscriber: Transcriber {
    var name = "scripted"
    var text: String
    func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String { text }
}

@Suite("margin transcribe: a voice note's recording transcribed again")
struct TranscriptionTests {
    let path: String
    init() throws { path = try temporaryStorePath() }

    @Test("the new text replaces the old and the voice state is done; a failure records why; a note without a recording is told")
    func redo() async throws {
        let store = try NoteDatabase(path: path)
        var note = Note(text: "", tags: ["voice"], createdAt: Date(), pin: nil)
        note.voice = NoteVoice(audio: VoiceNote.audioPath(noteID: note.id, store: path), state: .pending)
        try store.insert(note)
        try VoiceNote.keep(PCMAudio(samples: Array(repeating: 0, count: 1600), rate: 16_000), noteID: note.id, store: path)
        let updated = try await Transcription.redo(note, in: store, storePath: path, with: ScriptedTranscriber(text: "cache stampedes"))
        #expect(updated.text == "cache stampedes")
        #expect(updated.tags == ["voice"])
        #expect(try store.note(id: note.id).text == "cache stampedes")
        #expect(try store.note(id: note.id).voice == NoteVoice(audio: note.voice?.audio ?? "", durationMs: 100, state: .done))
        #expect(try store.voiceNotes(in: [.pending, .failed]).isEmpty)

        let reason = "recognized no words; 'margin edit \(note.id.prefix(8))' types them"
        await #expect(throws: VoiceError.transcriberFailed(command: "scripted", reason: reason)) {
            _ = try await Transcription.redo(updated, in: store, storePath: path, with: ScriptedTranscriber(text: ""))
        }
        let failed = try store.note(id: note.id)
        #expect(failed.text == "cache stampedes", "a failed try keeps the text")
        #expect(failed.voice?.state == .failed)
        #expect(failed.voice?.error == VoiceError.transcriberFailed(command: "scripted", reason: reason).message)
        #expect(try store.voiceNotes(in: [.pending, .failed]).map(\.id) == [note.id])
        let typed = Note(text: "typed", tags: [], createdAt: Date(), pin: nil)
        try store.insert(typed)
        await #expect(throws: Transcription.Failure.noRecording(noteID: typed.id)) {
            _ = try await Transcription.redo(typed, in: store, storePath: path, with: ScriptedTranscriber(text: "x"))
        }
    }
}
