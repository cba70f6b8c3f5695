import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import NoteStore

/// `list --json` and `search --json`: a JSON array of note objects, streamed.
extension NoteDatabase {
    /// Streams the notes ``notes(_:)`` lists, in its order, as one JSON array on one line
    /// (`[`, the objects separated by `,`, `]`, a newline) to `sink`, in chunks of about
    /// ``exportChunkSize`` bytes.
    ///
    /// The bytes are those of ``NoteEncoding/object(_:)`` for each note, written from the
    /// statement's columns by ``NoteRowEncoding`` (a row it declines is read again as a ``Note``):
    /// an episode's thousands of notes are never all held as values and strings at once.
    /// `sink` is called while the store is being read and must not use this `NoteDatabase`.
    public func listJSON(_ filter: NoteFilter, to sink: (Data) throws -> Void) throws {
        var out: [UInt8] = []
        out.reserveCapacity(Self.exportChunkSize + 16 * 1024)
        func flush(_ force: Bool) throws {
            guard force ? !out.isEmpty : out.count >= Self.exportChunkSize else { return }
            try sink(Data(out))
            out.removeAll(keepingCapacity: true)
        }
        out.append(UInt8(ascii: "["))
        do {
            try writer.read { db in
                let query = filter.query(selecting: Note.selection + ", note.seq", driver: try Self.driver(for: filter, db))
                let statement = try db.cachedStatement(sql: query.sql)
                try statement.setArguments(query.arguments)
                let sqlite = statement.sqliteStatement
                defer { sqlite3_reset(sqlite) }
                var encoding = NoteRowEncoding()
                var first = true
                while true {
                    let code = sqlite3_step(sqlite)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else {
                        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage)
                    }
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    if encoding.begin(joinedTags: sqlite, to: &out) {
                        encoding.end(to: &out)
                    } else if let row = try Row.fetchOne(
                        db, sql: "SELECT \(Note.selection) FROM note WHERE note.seq = ?",
                        arguments: [sqlite3_column_int64(sqlite, Int32(Note.selectionWidth))]) {
                        NoteEncoding.appendObject(try Note(row: row), to: &out)
                    }
                    try flush(false)
                }
            }
        } catch let error as DatabaseError {
            throw NoteStoreError(error, path: displayPath)
        }
        out.append(contentsOf: [UInt8(ascii: "]"), 0x0A])
        try flush(true)
    }
}
