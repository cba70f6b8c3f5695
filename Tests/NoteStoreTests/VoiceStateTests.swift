import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("A voice note's recording and transcription state")
struct VoiceStateTests {
    @Test("stored with the note, read back everywhere, kept by edits that do not name it, gone with the note")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        let store = try NoteDatabase(path: directory + "/notes.db")
        var voiced = note("", tags: ["voice"], pin: episodePin())
        voiced.voice = NoteVoice(audio: directory + "/audio/\(voiced.id).wav", state: .pending)
        try store.insert(voiced)
        #expect(try store.note(id: voiced.id).voice == voiced.voice)
        #expect(try store.notes(NoteFilter()).first?.voice == voiced.voice)

        var heard = try store.note(id: voiced.id)
        heard.text = "the bit about cache stampedes"
        heard.voice?.state = .done
        heard.voice?.durationMs = 7000
        try store.update(heard)
        #expect(try store.note(id: voiced.id).voice == NoteVoice(audio: voiced.voice?.audio ?? "", durationMs: 7000, state: .done))

        // An edit from elsewhere (sync, import, `margin tag`) carries no voice: the state stays.
        var edited = heard
        edited.voice = nil
        edited.tags = ["voice", "idea"]
        let stored = try store.update(edited)
        #expect(stored.voice?.state == .done)
        #expect(try store.note(id: voiced.id).voice?.durationMs == 7000)

        try store.delete(id: voiced.id)
        let left = try store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note_voice") }
        #expect(left == 0)
        #expect(try integrityProblems(store) == [])
    }

    @Test("v9 gives voice notes from before their state: done, or failed where they carried 'untranscribed', whose tag goes")
    func migration() throws {
        let heard = note("he was not an illness", id: "a0000000-0000-4000-8000-000000000000", tags: ["voice"], at: 1, pin: episodePin())
        let silent = note("", id: "b0000000-0000-4000-8000-000000000000", tags: ["voice", "untranscribed", "idea"], at: 2)
        let typed = note("typed", id: "c0000000-0000-4000-8000-000000000000", at: 3)
        let path = try storeFile(at: "v8", holding: [heard, typed])
        // An empty text was not a note before v9's voice notes; written as v8's own writer would.
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(sql: Note.insertSQL, arguments: silent.rowArguments)
            try silent.writeTags(db, seq: db.lastInsertedRowID, replacing: false)
        }
        try old.close()
        let audio = (path as NSString).deletingLastPathComponent + "/audio"
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        try Data(count: 44 + 32_000 * 3).write(to: URL(fileURLWithPath: audio + "/\(heard.id).wav"))

        let store = try NoteDatabase(path: path)
        #expect(try store.note(id: heard.id).voice == NoteVoice(audio: audio + "/\(heard.id).wav", durationMs: 3000, state: .done))
        let failed = try store.note(id: silent.id)
        #expect(failed.voice?.state == .failed)
        #expect(failed.voice?.durationMs == nil)
        #expect(failed.tags == ["idea", "voice"])
        #expect(try store.note(id: typed.id).voice == nil)
        #expect(try integrityProblems(store) == [])
    }
}
