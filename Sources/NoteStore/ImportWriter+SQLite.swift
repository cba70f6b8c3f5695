import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// SQLite's C API, as ``ImportWriter`` uses it on GRDB's statements.
extension ImportWriter {
    /// Steps a statement that returns no rows, then resets it.
    func run(_ statement: SQLiteStatement) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    /// The error SQLite reports for the connection, as GRDB would have thrown it.
    func failure(_ code: Int32) -> DatabaseError {
        let connection = db.sqliteConnection
        let extended = connection.map(sqlite3_extended_errcode) ?? code
        let message = connection.flatMap(sqlite3_errmsg).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message)
    }

    /// Binds UTF-8 text with its length, so that a NUL inside is kept; nil binds NULL.
    func bind(_ statement: SQLiteStatement, _ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>?) throws {
        guard let bytes else {
            sqlite3_bind_null(statement, index)
            return
        }
        // An empty buffer may have no address, and a NULL pointer would bind NULL.
        let start = UnsafeRawPointer(bytes.baseAddress ?? Self.empty.utf8Start)
        guard let count = Int32(exactly: bytes.count) else { throw failure(SQLITE_TOOBIG) }
        let code = sqlite3_bind_text(statement, index, start.assumingMemoryBound(to: CChar.self), count, Self.transient)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Steps a query: true on a row (read it, then reset), false when there is none.
    func step(_ statement: SQLiteStatement) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code)
        }
    }

    /// The text of a result column, "" for NULL.
    func text(_ statement: SQLiteStatement, _ column: Int32) -> String {
        guard let start = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Binds a 64-bit integer.
    func bind(_ statement: SQLiteStatement, _ index: Int32, _ value: Int64) throws {
        let code = sqlite3_bind_int64(statement, index, value)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Binds an integer; nil binds NULL.
    func bind(_ statement: SQLiteStatement, _ index: Int32, _ value: Int?) throws {
        let code = value.map { sqlite3_bind_int64(statement, index, Int64($0)) } ?? sqlite3_bind_null(statement, index)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// A static empty C string, for binding "".
    private static let empty: StaticString = ""
}
