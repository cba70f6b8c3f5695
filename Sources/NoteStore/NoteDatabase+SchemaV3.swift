import GRDB

/// v3: ordering indexes without the note id at their end.
///
/// v2's ordering indexes ended in the 36-character id, to break ties between notes created in
/// the same millisecond. That made them nearly twice as large as they need to be, and a bulk
/// import, which builds them again, sorts and writes every byte: on a million notes the
/// shorter indexes save about a second of a ten-second import. Listings still order ties by
/// id: SQLite reads the index in order and sorts only each run of equal keys ("temp b-tree
/// for right part of order by"), which for a handful of rows costs next to nothing.
extension NoteDatabase {
    static func migrateV3(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX note_on_item;
            DROP INDEX note_on_created_at;
            DROP INDEX note_on_show;
            CREATE INDEX note_on_item ON note (item_id, progress_ms, created_at);
            CREATE INDEX note_on_created_at ON note (created_at);
            CREATE INDEX note_on_show ON note (show_id, created_at);
            """)
    }
}
