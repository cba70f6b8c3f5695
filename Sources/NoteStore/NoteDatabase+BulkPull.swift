import GRDB

extension NoteDatabase {
    /// Readies the store for a pull of about `incoming` notes: when they are many beside what
    /// it holds (a first pull, written in bulk: see ``ImportWriter``), the file leaves WAL for
    /// a rollback journal until ``leaveBulkPull()``; true when it did.
    ///
    /// In WAL mode every page of a first pull is written twice, to the WAL and then into the
    /// file by the checkpoint; a rollback journal keeps only the pages that held data before,
    /// so the new ones are written once. Each page's commit is as atomic and as durable
    /// (`synchronous=FULL`), so a pull killed midway resumes as before. While a page is
    /// written, other margin processes wait for it instead of reading the notes as they were,
    /// as during a bulk import. A pull killed before ``leaveBulkPull()`` leaves the file in
    /// the rollback journal until the next margin command opens it (see ``enterWAL(_:)``).
    /// Another connection holding the file open keeps it in WAL.
    package func enterBulkPull(incoming: Int64) throws(NoteStoreError) -> Bool {
        guard let path, incoming > 0 else { return false }
        do {
            return try writer.writeWithoutTransaction { db in
                let stored = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
                guard ImportWriter.isBulk(records: Int(clamping: incoming), storedSeq: stored) else { return false }
                return (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete"
            }
        } catch {
            throw NoteStoreError(error, path: path)
        }
    }

    /// Puts the file back in WAL after a bulk pull (see ``enterBulkPull(incoming:)``); should
    /// another process hold it, the next margin command to open it alone does.
    package func leaveBulkPull() {
        try? writer.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
    }
}
