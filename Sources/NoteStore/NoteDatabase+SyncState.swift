import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

extension NoteDatabase {
    /// The pull's reads and writes of `sync_state`, a row at a time, through SQLite's C API:
    /// a first pull asks about and records every one of a hundred thousand notes, and GRDB's
    /// arguments and rows cost more than SQLite's work for each.
    struct SyncStates {
        private let db: Database
        /// The statements themselves, not only their SQLite handles: GRDB's cache finalizes
        /// the statements it holds when the schema changes (an import drops and builds indexes
        /// and a temporary table), and one kept here lives on, re-prepared by SQLite.
        private let probeStatement: Statement
        private let upsertStatement: Statement
        private var probe: SQLiteStatement { probeStatement.sqliteStatement }
        private var upsert: SQLiteStatement { upsertStatement.sqliteStatement }

        init(_ db: Database) throws {
            self.db = db
            probeStatement = try db.cachedStatement(sql: "SELECT 1 FROM sync_state WHERE note_id = ?")
            upsertStatement = try db.cachedStatement(sql: """
                INSERT INTO sync_state (note_id, hlc, text_hlc, tags_hlc, pin_hlc, base_hlc, deleted, pending)
                VALUES (?1, ?2, ?3, ?4, ?5, ?2, ?6, 0)
                ON CONFLICT (note_id) DO UPDATE SET hlc = ?2, text_hlc = ?3, tags_hlc = ?4, pin_hlc = ?5, base_hlc = ?2,
                                                    base_tags = NULL, deleted = ?6, pending = 0
                """)
        }

        /// True when the store has a sync state for note `id`.
        func has(_ id: String) throws -> Bool {
            defer { sqlite3_reset(probe) }
            try bind(probe, 1, id)
            switch sqlite3_step(probe) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let code: throw failure(code)
            }
        }

        /// Records that this store has the hub's version of a note.
        func log(_ record: HubRecord) throws {
            defer {
                sqlite3_reset(upsert)
                sqlite3_clear_bindings(upsert)
            }
            try bind(upsert, 1, record.id)
            try bind(upsert, 2, record.hlc)
            // A part stamped with the note's own stamp is kept as NULL (see schema v7).
            for index in 0..<3 where record.parts[index] != record.hlc {
                try bind(upsert, Int32(3 + index), record.parts[index])
            }
            sqlite3_bind_int(upsert, 6, record.body == nil ? 1 : 0)
            let code = sqlite3_step(upsert)
            guard code == SQLITE_DONE else { throw failure(code) }
        }

        /// Binds `text` as UTF-8, copied by SQLite.
        private func bind(_ statement: SQLiteStatement, _ index: Int32, _ text: String) throws {
            var text = text
            let code = text.withUTF8 { bytes in
                sqlite3_bind_text(statement, index, UnsafeRawPointer(bytes.baseAddress ?? Self.empty.utf8Start)
                    .assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }

        /// The error SQLite reports for the connection, as GRDB would have thrown it.
        private func failure(_ code: Int32) -> DatabaseError {
            let connection = db.sqliteConnection
            let message = connection.flatMap(sqlite3_errmsg).map { String(cString: $0) }
            return DatabaseError(resultCode: ResultCode(rawValue: connection.map(sqlite3_extended_errcode) ?? code), message: message)
        }

        /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns.
        private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

        /// A static empty C string, for binding "" (an empty buffer may have no address).
        private static let empty: StaticString = ""
    }
}
