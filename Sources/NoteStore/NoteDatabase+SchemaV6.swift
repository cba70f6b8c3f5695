import GRDB

/// v6: `note_on_item` carries the show, so an episode and a show are tested together in the
/// index.
///
/// Listing an episode's notes within a show walks the episode's notes in playback order and
/// tests the show on each. With the show only in the table, every note of the episode was read
/// from the table to test it: when the episode is not in that show, all of them (43 000 notes,
/// about 80 ms, for the largest episode of the skewed bench store) to find none. With
/// `show_id` at the end of the index SQLite tests it on the index entry and reads a note's row
/// only when it matches (a deferred seek). The index grows by the show id of each note.
extension NoteDatabase {
    static func migrateV6(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX note_on_item;
            CREATE INDEX note_on_item ON note (item_id, progress_ms, created_at, show_id);
            """)
    }
}
