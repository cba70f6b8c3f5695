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
        try reading { db in
            let query = filter.query(selecting: Note.selection, driver: try Self.driver(for: filter, db))
            return try Row.fetchCursor(db.cachedStatement(sql: query.sql), arguments: query.arguments)
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
        do {
            try writer.read { db in
                let query = filter.query(selecting: Note.selection, driver: try Self.driver(for: filter, db))
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
        try reading { db in
            let query = filter.query(selecting: "note.id", driver: try Self.driver(for: filter, db))
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM (\(query.sql))"),
                arguments: query.arguments) ?? 0
        }
    }

    /// How many notes of an item, a tag or a show ``driver(for:_:)`` counts at most.
    static let driverProbe = 4_096

    /// The index a listing of `filter` walks (see ``NoteFilter/Driver``).
    ///
    /// With two or more of item, tag and show the listing walks one and tests the others on
    /// each note, which costs more the rarer they are. The notes of each are counted up to
    /// ``driverProbe``, through their index alone, in well under a millisecond, and the walk
    /// takes the fewest, so a small side is walked whole at worst, and when all are common
    /// the walk meets matches early. On a tie the item wins (its index is in playback order,
    /// nothing to sort), then the show: testing a tag is a probe of `note_tag`'s primary key,
    /// while testing a show reads the note's row.
    static func driver(for filter: NoteFilter, _ db: Database) throws -> NoteFilter.Driver {
        let criteria = [filter.itemID, filter.tag, filter.showID].compactMap { $0 }
        guard criteria.count > 1 else { return filter.defaultDriver }
        let since = filter.sinceTimestamp ?? ""
        func count(_ sql: String, _ key: String?, since: String? = nil) throws -> Int {
            guard let key else { return Int.max }
            var arguments: StatementArguments = [key]
            if let since { arguments += [since] }
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM (\(sql) LIMIT ?)"),
                arguments: arguments + [driverProbe]) ?? 0
        }
        // An item's notes are counted whatever `since`: in `note_on_item` the time is not next
        // to the item, so a range there would not be a seek.
        let counts: [(NoteFilter.Driver, Int)] = [
            (.item, try count("SELECT 1 FROM note WHERE item_id = ?", filter.itemID)),
            (.show, try count("SELECT 1 FROM note WHERE show_id = ? AND created_at >= ?", filter.showID, since: since)),
            (.tag, try count("SELECT 1 FROM note_tag WHERE tag = ? AND created_at >= ?", filter.tag, since: since)),
        ]
        return counts.min { $0.1 < $1.1 }?.0 ?? filter.defaultDriver
    }
}
