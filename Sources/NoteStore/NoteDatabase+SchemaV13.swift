import GRDB

/// v13: the segments of a voice note's transcript (``NoteSegment``), one row per note that has
/// them, as the JSON array the note object carries.
///
/// A JSON column rather than a row per segment: segments are only ever read and written whole,
/// with their note (a transcription replaces them all, an import or a pull brings them all),
/// never searched one by one; one row per note keeps a listing's extra lookup to one and an
/// import's writes to one statement, and the stored text is already what the note's JSON holds.
/// Keyed by the note's `seq`, so they go with the note when it is deleted. Notes are not
/// touched: a store from before simply has no segments.
extension NoteDatabase {
    static func migrateNoteSegments(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE note_segments (
                note_seq INTEGER PRIMARY KEY REFERENCES note(seq) ON DELETE CASCADE,
                segments TEXT NOT NULL CHECK (json_valid(segments) AND json_type(segments) = 'array')
            );
            """)
    }
}
