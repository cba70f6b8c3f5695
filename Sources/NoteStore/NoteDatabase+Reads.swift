import Foundation
import GRDB

/// Reading notes: by id, by id prefix, and filtered lists.
extension NoteDatabase {
    /// The note with exactly this id (ids are lowercase; the argument is lowercased too).
    public func note(id: String) throws(NoteStoreError) -> Note {
        let key = id.lowercased()
        let note = try reading { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Note.selection) FROM note WHERE note.id = ?"),
                arguments: [key]
            ).map { try Note(row: $0) }
        }
        guard let note else { throw .notFound(id) }
        return note
    }

    /// The one note whose id starts with `prefix`, compared without regard to case.
    ///
    /// Throws `.ambiguous` with up to 10 candidate ids when several match, and `.notFound`
    /// when none does or the prefix is empty.
    public func resolve(prefix: String) throws(NoteStoreError) -> Note {
        let key = prefix.lowercased()
        guard !key.isEmpty else { throw .notFound(prefix) }
        // A range on the primary key rather than LIKE, which could not use the index.
        let notes = try reading { db in
            try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT \(Note.selection) FROM note
                    WHERE note.id >= ? AND note.id < ? ORDER BY note.id LIMIT 11
                    """),
                arguments: [key, key + "\u{10FFFF}"]
            ).map { try Note(row: $0) }
        }
        if let exact = notes.first(where: { $0.id == key }) {
            return exact
        }
        switch notes.count {
        case 0: throw .notFound(prefix)
        case 1: return notes[0]
        default: throw .ambiguous(prefix: prefix, candidates: notes.prefix(10).map(\.id))
        }
    }

    /// The notes the filter selects: newest first, or in playback order with `itemID`.
    public func notes(_ filter: NoteFilter = NoteFilter()) throws(NoteStoreError) -> [Note] {
        let query = filter.query(selecting: Note.selection)
        return try reading { db in
            try Row.fetchCursor(db.cachedStatement(sql: query.sql), arguments: query.arguments)
                .map { try Note(row: $0) }
                .reduce(into: []) { $0.append($1) }
        }
    }

    /// Calls `body` with each note the filter selects, in the order of ``notes(_:)``, reading
    /// one row at a time so that memory stays flat however many notes there are.
    ///
    /// The whole walk sees one consistent snapshot. `body` must not use this `NoteDatabase`:
    /// the read connection is busy until the walk ends.
    public func forEachNote(_ filter: NoteFilter = NoteFilter(), _ body: (Note) throws -> Void) throws {
        let query = filter.query(selecting: Note.selection)
        do {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: query.sql), arguments: query.arguments)
                while let row = try rows.next() {
                    try body(Note(row: row))
                }
            }
        } catch let error as DatabaseError {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// How many notes the filter selects (its `limit` included).
    public func count(_ filter: NoteFilter = NoteFilter()) throws(NoteStoreError) -> Int {
        let query = filter.query(selecting: "note.id")
        return try reading { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM (\(query.sql))"),
                arguments: query.arguments) ?? 0
        }
    }
}
