import Foundation
import GRDB

/// How a note is read from and written to the `note` and `note_tag` tables.
///
/// Notes are mapped by hand rather than through a Codable record because GRDB binds and reads
/// strings as C strings, which would cut a note's text at its first NUL. The text therefore
/// travels as a BLOB (`CAST(? AS TEXT)` on the way in, `CAST(text AS BLOB)` on the way out),
/// which keeps every byte and stays a TEXT value in the file for FTS5 and `sqlite3`.
extension Note {
    /// The columns ``init(row:)`` reads, in order; tags come from the same query, joined with
    /// U+001F, which ``Note/normalizedTags(_:)`` keeps out of tags; then the recording (13).
    static let selection = columns + """
        ,
        (SELECT group_concat(note_tag.tag, char(31)) FROM note_tag WHERE note_tag.note_seq = note.seq),
        """ + voiceColumn

    /// A voice note's ``NoteVoice`` and the note's segments, as the JSON array
    /// `[[audio, duration, state, error] or null, segments or null]`; NULL for a note with
    /// neither (a typed note). Such notes are few: the `seq` of all of them are gathered once
    /// per query (SQLite keeps the uncorrelated `IN` list as an index of integers of its own),
    /// and only their rows are looked up.
    static let voiceColumn = """
        CASE WHEN note.seq IN (SELECT voiced.seq FROM note_voice JOIN note AS voiced ON voiced.id = note_voice.note_id
                               UNION ALL SELECT note_seq FROM note_segments)
             THEN json_array((SELECT json_array(audio, duration_ms, state, error) FROM note_voice WHERE note_voice.note_id = note.id),
                             (SELECT json(segments) FROM note_segments WHERE note_segments.note_seq = note.seq)) END
        """

    /// The first 12 columns of ``selection``: all but the tags.
    static let columns = """
        note.id, CAST(note.text AS BLOB), note.created_at, note.updated_at,
        note.item_type, note.item_id, note.item_uri, note.item_name, note.show_id, note.show_name,
        note.progress_ms, note.duration_ms
        """

    /// The number of columns in ``selection``.
    static let selectionWidth = 14

    /// Decodes the columns of ``selection``, starting at column `offset`.
    init(row: Row, offset: Int = 0) throws {
        let text = try row.utf8Text(atIndex: offset + 1)
        let tags = (row[offset + 12] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []
        let pin: Pin?
        if let itemType = row[offset + 4] as String?, let itemID = row[offset + 5] as String?,
           let itemURI = row[offset + 6] as String?, let progressMs = row[offset + 10] as Int? {
            pin = Pin(
                itemType: itemType, itemID: itemID, itemURI: itemURI, itemName: row[offset + 7],
                showID: row[offset + 8], showName: row[offset + 9],
                progressMs: progressMs, durationMs: row[offset + 11])
        } else {
            pin = nil
        }
        // Assigned directly: stored tags and dates are already normalized, and a million-row
        // export should not pay for normalizing them again.
        self.id = row[offset] as String? ?? ""
        self.text = text
        self.tags = tags.sorted()
        self.createdAt = Self.storedDate(row[offset + 2])
        self.updatedAt = Self.storedDate(row[offset + 3])
        self.pin = pin
        (self.voice, self.segments) = (row[offset + 13] as String?).map(Self.recording(json:)) ?? (nil, [])
    }

    /// The voice and segments of ``voiceColumn``'s JSON array; none of either for anything else.
    static func recording(json: String) -> (voice: NoteVoice?, segments: [NoteSegment]) {
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any], array.count == 2
        else { return (nil, []) }
        let segments = (array[1] as? [Any]).flatMap { try? JSONSerialization.data(withJSONObject: $0) }
            .flatMap { try? JSONDecoder().decode([NoteSegment].self, from: $0) } ?? []
        guard let fields = array[0] as? [Any], fields.count == 4, let audio = fields[0] as? String,
              let state = (fields[2] as? String).flatMap(NoteVoice.State.init(rawValue:))
        else { return (nil, segments) }
        return (NoteVoice(audio: audio, durationMs: fields[1] as? Int, state: state, error: fields[3] as? String), segments)
    }

    /// Replaces the segments of the note stored under `seq` with the note's ``segments``
    /// (none removes them).
    func writeSegments(_ db: Database, seq: Int64) throws {
        guard !segments.isEmpty else {
            return try db.cachedStatement(sql: "DELETE FROM note_segments WHERE note_seq = ?").execute(arguments: [seq])
        }
        try db.cachedStatement(sql: """
            INSERT INTO note_segments (note_seq, segments) VALUES (?, ?)
            ON CONFLICT (note_seq) DO UPDATE SET segments = excluded.segments
            """).execute(arguments: [seq, NoteSegment.json(segments)])
    }

    /// Writes the note's ``voice`` (when it has one) to `note_voice`.
    func writeVoice(_ db: Database) throws {
        guard let voice else { return }
        try db.cachedStatement(sql: """
            INSERT INTO note_voice (note_id, audio, duration_ms, state, error) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (note_id) DO UPDATE SET audio = excluded.audio, duration_ms = excluded.duration_ms,
                state = excluded.state, error = excluded.error
            """).execute(arguments: [id, voice.audio, voice.durationMs, voice.state.rawValue, voice.error])
    }

    /// A stored time; an unreadable one (only a hand-edited file has them) reads as 1970 rather
    /// than making every listing that contains the note fail.
    private static func storedDate(_ string: String?) -> Date {
        string.flatMap(NoteTimestamp.date(from:)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The arguments of ``insertSQL`` and ``updateSQL``, in order: id, text, created_at,
    /// updated_at and the eight pin columns.
    var rowArguments: StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            id, Data(text.utf8),
            NoteTimestamp.string(from: createdAt), NoteTimestamp.string(from: updatedAt),
            pin?.itemType, pin?.itemID, pin?.itemURI, pin?.itemName, pin?.showID, pin?.showName,
            pin?.progressMs, pin?.durationMs,
        ]
        return StatementArguments(values)
    }

    /// Inserts a note row; arguments are ``rowArguments``.
    static let insertSQL = """
        INSERT INTO note (id, text, created_at, updated_at, item_type, item_id, item_uri, item_name,
                          show_id, show_name, progress_ms, duration_ms)
        VALUES (?, CAST(? AS TEXT), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Replaces every column of a note row but its id; arguments are ``rowArguments``.
    static let updateSQL = """
        UPDATE note SET (id, text, created_at, updated_at, item_type, item_id, item_uri, item_name,
                         show_id, show_name, progress_ms, duration_ms)
                      = (?1, CAST(?2 AS TEXT), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        WHERE id = ?1
        """

    /// Replaces the tags of the note stored under `seq` in `note_tag`.
    ///
    /// Each tag row carries the stored note's `created_at` (schema v5), read from the note row
    /// itself so that it is the very string the note has. Replacing touches only the tags that
    /// come or go: the change log (schema v7) then stamps the tags only when they changed, so
    /// an edit of the text here does not outweigh a tag change made meanwhile on another machine.
    func writeTags(_ db: Database, seq: Int64, replacing: Bool) throws {
        var new = Set(tags)
        if replacing {
            let stored = try String.fetchAll(db.cachedStatement(sql: "SELECT tag FROM note_tag WHERE note_seq = ?"), arguments: [seq])
            let remove = try db.cachedStatement(sql: "DELETE FROM note_tag WHERE note_seq = ? AND tag = ?")
            for tag in stored where !new.contains(tag) {
                try remove.execute(arguments: [seq, tag])
            }
            new.subtract(stored)
        }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO note_tag (note_seq, tag, created_at) SELECT seq, ?, created_at FROM note WHERE seq = ?
            """)
        for tag in tags where new.contains(tag) {
            try insert.execute(arguments: [tag, seq])
        }
    }
}

extension Row {
    /// The BLOB at `index` decoded as UTF-8 without stopping at NUL; "" for NULL.
    func utf8Text(atIndex index: Int) throws -> String {
        try withUnsafeData(atIndex: index) { data in
            data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
