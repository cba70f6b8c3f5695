import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// One row of an export cursor (``NoteDatabase/forEachRow(_:parallelSort:_:)``), read in place.
///
/// A million-note export spends most of its time turning rows into values; the encoders of
/// NoteTransfer therefore read a column's stored bytes where SQLite holds them. The buffers
/// and the row itself are valid only inside the call that hands the row over: the next step
/// of the cursor overwrites them. The columns are those of ``NoteRowQuery``'s case.
package struct NoteRow {
    /// A column's storage class, as SQLite reports it.
    package enum Kind: Equatable, Sendable {
        case null, integer, real, text, blob
    }

    /// The statement being stepped, positioned on this row.
    private let statement: SQLiteStatement
    /// The same row through GRDB, for decoding a whole ``Note``.
    private let row: Row
    /// The connection, for reading a note again by its `seq`.
    private let db: Database

    init(statement: SQLiteStatement, row: Row, db: Database) {
        self.statement = statement
        self.row = row
        self.db = db
    }

    /// The column's storage class.
    package func kind(_ column: Int) -> Kind {
        switch sqlite3_column_type(statement, Int32(column)) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        default: .blob
        }
    }

    /// An INTEGER column's value (SQLite's conversion for any other).
    package func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(statement, Int32(column))
    }

    /// A TEXT column's UTF-8 bytes, without the terminating NUL; nil when the column is not
    /// TEXT.
    package func text(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        let column = Int32(column)
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT, let start = sqlite3_column_text(statement, column) else {
            return nil
        }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The bytes of any non-NULL column (a TEXT value's without a NUL appended); nil when NULL.
    package func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        let column = Int32(column)
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let start = sqlite3_column_blob(statement, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A column as a string, read as the store reads strings (up to a NUL); nil when NULL.
    package func string(_ column: Int) -> String? {
        row[column]
    }

    /// The note of a row whose first 14 columns are a note with its tags joined and its voice
    /// (every query but ``NoteRowQuery/taggedRows(_:)``).
    package func note() throws -> Note {
        try Note(row: row)
    }

    /// The note whose `seq` is in `column`, read again in full; nil when it is gone. For a
    /// row the encoders decline to write from its columns.
    package func storedNote(seqAt column: Int) throws -> Note? {
        try Row.fetchOne(
            db, sql: "SELECT \(Note.selection) FROM note WHERE note.seq = ?",
            arguments: [sqlite3_column_int64(statement, Int32(column))]
        ).map { try Note(row: $0) }
    }
}
