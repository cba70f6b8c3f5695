import GRDB

/// v12: search finds a note by its tags and by the episode and show it is pinned to, not only
/// by its text.
///
/// `note_ft` indexes four columns, `text`, `tags`, `item_name` and `show_name`, read from the
/// view `note_search` (external content: nothing is stored twice, and snippets still come from
/// the note's text). A tag lives in `note_tag`, so the triggers that keep the index in step
/// fire on tags too, and each one removes a note's entry with exactly the values it was indexed
/// with before adding it again: `old` columns, or the tags as they were, in the view's order
/// (`note_tag`'s primary key, by tag). An episode's name learned after its notes were taken
/// (`fillNames(from:)`) is an update of those notes, and so reaches the index.
///
/// The trigger on a note's delete runs before the delete, while its tags are still there; the
/// tag triggers do nothing once the note is gone (the cascade that removes its tags). An
/// import drops the `__note_ft_…` triggers and indexes what it wrote in one statement. The
/// index is rebuilt from the notes once (a few seconds for a million notes).
extension NoteDatabase {
    static func migrateV12(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS __note_ft_ai;
            DROP TRIGGER IF EXISTS __note_ft_ad;
            DROP TRIGGER IF EXISTS __note_ft_au;
            DROP TABLE note_ft;
            CREATE VIEW note_search (seq, text, tags, item_name, show_name) AS
                SELECT seq, text, \(tagsOf("note.seq")), item_name, show_name FROM note;
            CREATE VIRTUAL TABLE note_ft USING fts5(
                text, tags, item_name, show_name, content='note_search', content_rowid='seq',
                tokenize='porter unicode61 remove_diacritics 2');
            \(searchTriggers)
            INSERT INTO note_ft(note_ft) VALUES ('rebuild');
            """)
    }

    /// A note's tags as the index reads them: separated by spaces, in `note_tag`'s order;
    /// `except` leaves one out.
    static func tagsOf(_ seq: String, except: String? = nil) -> String {
        "(SELECT group_concat(tag, ' ') FROM note_tag WHERE note_tag.note_seq = \(seq)\(except.map { " AND tag <> \($0)" } ?? ""))"
    }

    /// The index's columns, in order.
    static let searchColumns = "text, tags, item_name, show_name"

    /// The triggers that keep `note_ft` in step with notes and their tags.
    static let searchTriggers = """
        CREATE TRIGGER __note_ft_ai AFTER INSERT ON note BEGIN
            INSERT INTO note_ft (rowid, \(searchColumns))
            VALUES (new.seq, new.text, \(tagsOf("new.seq")), new.item_name, new.show_name);
        END;
        CREATE TRIGGER __note_ft_bd BEFORE DELETE ON note BEGIN
            INSERT INTO note_ft (note_ft, rowid, \(searchColumns))
            VALUES ('delete', old.seq, old.text, \(tagsOf("old.seq")), old.item_name, old.show_name);
        END;
        CREATE TRIGGER __note_ft_au AFTER UPDATE OF text, item_name, show_name ON note BEGIN
            INSERT INTO note_ft (note_ft, rowid, \(searchColumns))
            VALUES ('delete', old.seq, old.text, \(tagsOf("old.seq")), old.item_name, old.show_name);
            INSERT INTO note_ft (rowid, \(searchColumns))
            VALUES (new.seq, new.text, \(tagsOf("new.seq")), new.item_name, new.show_name);
        END;
        CREATE TRIGGER __note_ft_tag_ai AFTER INSERT ON note_tag BEGIN
            INSERT INTO note_ft (note_ft, rowid, \(searchColumns))
            SELECT 'delete', seq, text, \(tagsOf("new.note_seq", except: "new.tag")), item_name, show_name
            FROM note WHERE seq = new.note_seq;
            INSERT INTO note_ft (rowid, \(searchColumns))
            SELECT seq, \(searchColumns) FROM note_search WHERE seq = new.note_seq;
        END;
        CREATE TRIGGER __note_ft_tag_ad AFTER DELETE ON note_tag BEGIN
            INSERT INTO note_ft (note_ft, rowid, \(searchColumns))
            SELECT 'delete', seq, text,
                   (SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tag WHERE note_seq = old.note_seq
                                                        UNION SELECT old.tag ORDER BY 1)),
                   item_name, show_name
            FROM note WHERE seq = old.note_seq;
            INSERT INTO note_ft (rowid, \(searchColumns))
            SELECT seq, \(searchColumns) FROM note_search WHERE seq = old.note_seq;
        END;
        """
}
