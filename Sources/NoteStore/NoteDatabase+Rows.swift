import GRDB

/// The export cursor: the notes of a query, one row at a time, for the encoders.
extension NoteDatabase {
    /// Reads `query` in one consistent snapshot and calls `body` with each row as it is
    /// stepped; memory stays flat however many notes there are.
    ///
    /// With `parallelSort`, SQLite sorts a large result in runs through temporary files, each
    /// run on a helper thread while it goes on reading the notes (as an import's index
    /// rebuild does). `body` is called while the store is being read and must not use this
    /// `NoteDatabase`; an error it throws ends the reading and is rethrown as it is. Store
    /// failures are ``NoteStoreError``s.
    package func forEachRow(_ query: NoteRowQuery, parallelSort: Bool = false, _ body: (NoteRow) throws -> Void) throws {
        let sortThreads = parallelSort ? ImportSettings.sortThreads : 0
        do {
            try writer.read { db in
                let (sql, arguments) = try query.statement(db)
                let threads = sortThreads == 0 ? 0 : try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
                if sortThreads != threads { try db.execute(sql: "PRAGMA threads = \(sortThreads)") }
                defer { if sortThreads != threads { try? db.execute(sql: "PRAGMA threads = \(threads)") } }
                let statement = try db.makeStatement(sql: sql)
                let rows = try Row.fetchCursor(statement, arguments: arguments)
                let sqlite = statement.sqliteStatement
                while let row = try rows.next() {
                    try body(NoteRow(statement: sqlite, row: row, db: db))
                }
            }
        } catch let error as DatabaseError {
            throw NoteStoreError(error, path: displayPath)
        }
    }
}
