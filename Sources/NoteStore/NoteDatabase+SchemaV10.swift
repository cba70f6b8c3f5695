import GRDB

/// v10: the tags a note had in the hub's version its local change was made on top of
/// (`sync_state.base_tags`), so that a sync merges tags changed on two machines per tag: every
/// add and every remove of either side survives.
///
/// `base_tags` is NULL while the tags are as in that version (or there is none); the tag
/// triggers fill it, with the tags as they were, at the first tag change after it. Applying a
/// hub version, a push, and a merge set it again.
extension NoteDatabase {
    static func migrateV10(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sync_state ADD COLUMN base_tags TEXT;
            DROP TRIGGER sync_tag_insert;
            DROP TRIGGER sync_tag_delete;
            \(tagTriggerV10("insert", row: "new", before: "SELECT tag FROM note_tag WHERE note_seq = new.note_seq AND tag <> new.tag"))
            \(tagTriggerV10("delete", row: "old", before: "SELECT tag FROM note_tag WHERE note_seq = old.note_seq UNION SELECT old.tag"))
            """)
    }

    /// v7's tag trigger (``tagTrigger(_:row:)``), which first keeps the tags as they were
    /// (`before`, a query) when they are still those of the hub's version the note is based on.
    static func tagTriggerV10(_ event: String, row: String, before: String) -> String {
        """
        CREATE TRIGGER sync_tag_\(event) AFTER \(event.uppercased()) ON note_tag
        WHEN (SELECT muted FROM sync_clock) = 0 BEGIN
            UPDATE sync_state SET base_tags = (SELECT json_group_array(tag) FROM (\(before) ORDER BY 1))
            WHERE note_id = (SELECT id FROM note WHERE seq = \(row).note_seq) AND base_hlc IS NOT NULL AND base_tags IS NULL;
            \(tick);
            UPDATE sync_state SET hlc = \(stamp), tags_hlc = \(stamp), pending = 1,
                text_hlc = coalesce(text_hlc, hlc), pin_hlc = coalesce(pin_hlc, hlc)
            WHERE note_id = (SELECT id FROM note WHERE seq = \(row).note_seq);
        END;
        """
    }
}
