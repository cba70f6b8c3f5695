import GRDB

/// The bulk-write session of an import: validated notes in, one transaction, all or nothing.
///
/// The parser (NoteTransfer) hands each note over as it reads it; the session adds it, replaces
/// an older version of it, or keeps a stored version that is as new or newer (see
/// ``ImportWriter``, which does the writing). Obtained from
/// ``NoteDatabase/importing(estimatedRecords:_:)``, or inside a pull's transaction.
package struct NoteImportSession {
    var writer: ImportWriter

    /// Writes one note; records are judged in the order they are written, so a later one with
    /// the same id is judged against what the earlier one left.
    package mutating func write(_ note: ImportedNote) throws -> ImportOutcome {
        try writer.write(note)
    }
}

extension NoteDatabase {
    /// Runs an import of about `estimatedRecords` notes: `body` writes them into a session, and
    /// they are committed in one transaction when it returns, or none of them when it throws.
    ///
    /// An import large beside the store (see ``ImportWriter``) rebuilds the indexes once at the
    /// end and, in a file, runs in a rollback journal (see ``ImportSettings``). An error thrown
    /// by `body` is rethrown as it is; store failures are ``NoteStoreError``s.
    package func importing<T>(estimatedRecords: Int, _ body: (inout NoteImportSession) throws -> T) throws -> T {
        let onDisk = path != nil
        do {
            return try writer.writeWithoutTransaction { db in
                let storedSeq = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
                let bulk = ImportWriter.isBulk(records: estimatedRecords, storedSeq: storedSeq)
                return try ImportSettings.applied(to: db, rollbackJournal: bulk && onDisk) {
                    var result: T?
                    try db.inTransaction(.immediate) {
                        var session = NoteImportSession(writer: try ImportWriter(db, bulk: bulk, records: estimatedRecords))
                        result = try body(&session)
                        try session.writer.finish()
                        return .commit
                    }
                    guard let result else { throw DatabaseError(message: "the import did not run") }
                    return result
                }
            }
        } catch let error as DatabaseError {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// A session inside the caller's transaction: how a pull stores the notes this store has
    /// never had. `body` writes about `estimatedRecords` notes; the indexes and the full-text
    /// index are brought up to date when it returns.
    ///
    /// A page large beside the store (a first pull) takes the bulk path (see ``ImportWriter``),
    /// leaving the full-text index to the first search (`NoteDatabase+SearchIndex.swift`),
    /// with the page cache and the sorter's helper threads put back after it; the journal
    /// stays as it is, since the caller's transaction is already open.
    static func importing(in db: Database, estimatedRecords: Int, _ body: (inout NoteImportSession) throws -> Void) throws {
        let storedSeq = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
        let bulk = ImportWriter.isBulk(records: estimatedRecords, storedSeq: storedSeq)
        var session = NoteImportSession(writer: try ImportWriter(db, bulk: bulk, records: estimatedRecords, leavingSearchIndex: true))
        try body(&session)
        guard bulk else { return try session.writer.finish() }
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
        try db.execute(sql: "PRAGMA threads = \(ImportSettings.sortThreads)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize); PRAGMA threads = \(threads)") }
        try session.writer.finish()
    }
}
