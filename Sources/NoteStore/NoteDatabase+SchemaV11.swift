import GRDB

/// v11: the full-text index stems English words (FTS5's `porter` tokenizer over `unicode61`),
/// so that "caches" finds "cache" and "running" finds "run"; case and diacritics are still
/// ignored. The index is rebuilt from the notes' text (a few seconds for a million notes, once).
extension NoteDatabase {
    static func migrateV11(_ db: Database) throws {
        try db.execute(sql: """
            DROP TABLE note_ft;
            CREATE VIRTUAL TABLE note_ft USING fts5(
                text, content='note', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2');
            INSERT INTO note_ft(note_ft) VALUES ('rebuild');
            """)
    }
}
