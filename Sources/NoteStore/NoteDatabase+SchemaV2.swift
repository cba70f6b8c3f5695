import GRDB

/// v2: an integer key for notes, so that a large import appends rows instead of scattering
/// them by random UUID.
///
/// `note.seq` (an alias of the rowid, so the full-text index keeps its rowids) is the key that
/// `note_tag` and `note_ft` refer to; the UUID `id` stays the note's public name, unique through
/// `note_on_id`, a plain index that an import may drop and build again. The notes, tags and
/// full-text index of a v1 file are carried over; the index is rebuilt from the text.
extension NoteDatabase {
    static func migrateV2(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS __note_ft_ai;
            DROP TRIGGER IF EXISTS __note_ft_ad;
            DROP TRIGGER IF EXISTS __note_ft_au;
            DROP TABLE IF EXISTS note_ft;

            CREATE TABLE note_v2 (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                text TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                item_type TEXT,
                item_id TEXT,
                item_uri TEXT,
                item_name TEXT,
                show_id TEXT,
                show_name TEXT,
                progress_ms INTEGER,
                duration_ms INTEGER,
                CHECK ((item_type IS NULL AND item_id IS NULL AND item_uri IS NULL AND item_name IS NULL
                        AND show_id IS NULL AND show_name IS NULL AND progress_ms IS NULL AND duration_ms IS NULL)
                       OR (item_type IS NOT NULL AND item_id IS NOT NULL AND item_uri IS NOT NULL
                        AND progress_ms IS NOT NULL))
            );
            INSERT INTO note_v2 (seq, id, text, created_at, updated_at, item_type, item_id, item_uri,
                                 item_name, show_id, show_name, progress_ms, duration_ms)
            SELECT rowid, id, text, created_at, updated_at, item_type, item_id, item_uri,
                   item_name, show_id, show_name, progress_ms, duration_ms
            FROM note ORDER BY rowid;

            CREATE TABLE note_tag_v2 (
                note_seq INTEGER NOT NULL REFERENCES note(seq) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (note_seq, tag)
            ) WITHOUT ROWID;
            INSERT INTO note_tag_v2 (note_seq, tag)
            SELECT note.rowid, note_tag.tag FROM note_tag JOIN note ON note.id = note_tag.note_id
            ORDER BY 1, 2;

            DROP TABLE note_tag;
            DROP TABLE note;
            ALTER TABLE note_v2 RENAME TO note;
            ALTER TABLE note_tag_v2 RENAME TO note_tag;
            """)
        try createV2Indexes(db)
        try db.execute(sql: """
            CREATE VIRTUAL TABLE note_ft USING fts5(
                text, content='note', content_rowid='seq', tokenize='unicode61 remove_diacritics 2');
            \(ftsTriggers)
            INSERT INTO note_ft(note_ft) VALUES ('rebuild');
            """)
    }

    /// The indexes of v2. Each ordering index ends with the columns the listing orders by, ties
    /// broken by id, so that lists and exports come straight off the index.
    private static func createV2Indexes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE UNIQUE INDEX note_on_id ON note (id);
            CREATE INDEX note_on_item ON note (item_id, progress_ms, created_at, id);
            CREATE INDEX note_on_created_at ON note (created_at, id);
            CREATE INDEX note_on_show ON note (show_id, created_at, id);
            CREATE INDEX note_tag_on_tag ON note_tag (tag, note_seq);
            """)
    }

    /// The triggers that keep `note_ft` in step with `note` (external content).
    static let ftsTriggers = """
        CREATE TRIGGER __note_ft_ai AFTER INSERT ON note BEGIN
            INSERT INTO note_ft (rowid, text) VALUES (new.seq, new.text);
        END;
        CREATE TRIGGER __note_ft_ad AFTER DELETE ON note BEGIN
            INSERT INTO note_ft (note_ft, rowid, text) VALUES ('delete', old.seq, old.text);
        END;
        CREATE TRIGGER __note_ft_au AFTER UPDATE ON note BEGIN
            INSERT INTO note_ft (note_ft, rowid, text) VALUES ('delete', old.seq, old.text);
            INSERT INTO note_ft (rowid, text) VALUES (new.seq, new.text);
        END;
        """
}
