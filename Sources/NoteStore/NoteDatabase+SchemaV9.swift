import Foundation
import GRDB

/// v9: a voice note's recording and transcription state (``NoteVoice``), in a table of its
/// own: the state changes as the recognizer works, and a change here is no edit of the note
/// for sync. Voice notes from before (tag `voice`) get their row: `done`, or `failed` when they
/// carried the tag `untranscribed`, which the state replaces.
extension NoteDatabase {
    static func migrateV9(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE note_voice (
                note_id TEXT PRIMARY KEY NOT NULL,
                audio TEXT NOT NULL,
                duration_ms INTEGER,
                state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
                error TEXT
            ) WITHOUT ROWID;
            CREATE TRIGGER note_voice_gone AFTER DELETE ON note BEGIN
                DELETE FROM note_voice WHERE note_id = old.id;
            END;
            """)
        // Recordings live in audio/ beside the store file (an in-memory store has none).
        guard let file = try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'"),
              !file.isEmpty else { return }
        let audio = (file as NSString).deletingLastPathComponent + "/audio/"
        let voiceNotes = try Row.fetchAll(db, sql: """
            SELECT note.id, EXISTS (SELECT 1 FROM note_tag AS t WHERE t.note_seq = note.seq AND t.tag = 'untranscribed')
            FROM note JOIN note_tag ON note_tag.note_seq = note.seq AND note_tag.tag = 'voice'
            """)
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO note_voice (note_id, audio, duration_ms, state, error) VALUES (?, ?, ?, ?, ?)")
        for row in voiceNotes {
            let id: String = row[0]
            let path = audio + id + ".wav"
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            let failed: Bool = row[1]
            try insert.execute(arguments: [
                id, path, size.map { max($0 - 44, 0) / 32 }, failed ? "failed" : "done",
                failed ? "not transcribed (margin transcribe tries again)" : nil,
            ])
        }
        try db.execute(sql: "DELETE FROM note_tag WHERE tag = 'untranscribed'")
    }
}
