import GRDB
import Testing
@testable import NoteStore

/// Checks of a whole store file, shared by the migration tests.
enum StoreChecks {
    /// Checks SQLite's and FTS5's own consistency checks, and that the schema is whole again.
    static func expectIntact(_ store: NoteDatabase) throws {
        let (integrity, foreignKeys, names, tagTimes) = try store.writer.write { db in
            // FTS5's own check throws when the index and the text disagree.
            try db.execute(sql: "INSERT INTO note_ft(note_ft, rank) VALUES ('integrity-check', 1)")
            return try (
                String.fetchOne(db, sql: "PRAGMA integrity_check"),
                Row.fetchAll(db, sql: "PRAGMA foreign_key_check"),
                String.fetchSet(db, sql: "SELECT name FROM sqlite_master UNION ALL SELECT name FROM sqlite_temp_master"),
                // Tag rows whose copy of the note's time (schema v5) differs from the note's.
                Int.fetchOne(db, sql: """
                    SELECT count(*) FROM note_tag JOIN note ON note.seq = note_tag.note_seq
                    WHERE note_tag.created_at IS NOT note.created_at
                    """))
        }
        #expect(integrity == "ok")
        #expect(foreignKeys.isEmpty)
        #expect(tagTimes == 0)
        #expect(names.isSuperset(of: [
            "note_on_id", "note_on_item", "note_on_created_at", "note_on_show", "note_tag_on_tag",
            "__note_ft_ai", "__note_ft_ad", "__note_ft_au", "note_tag_created_at",
            "sync_note_insert", "sync_note_update", "sync_note_delete", "sync_tag_insert", "sync_tag_delete",
        ]))
        #expect(!names.contains("import_old"))
    }
}
