import Foundation
import GRDB

/// Importing the JSON and JSON Lines that ``export(_:format:to:)`` writes.
extension NoteDatabase {
    /// Imports notes from a JSON array of note objects or from JSON Lines (told apart by the
    /// first byte that is not whitespace), idempotently by note id.
    ///
    /// Every record is validated before anything is written; then all are written in one
    /// transaction, or none. A new id is added; a stored note is replaced only by a record
    /// with a newer `updated_at` (timestamps as imported), and otherwise kept. When an id
    /// appears twice in the input, the later record wins by the same rule.
    @discardableResult
    public func importNotes(from data: Data) throws(ImportError) -> ImportCounts {
        try ImportFile.withBytes(of: data) { (bytes) throws(ImportError) in try importNotes(in: bytes) }
    }

    /// ``importNotes(from:)`` for the file at `path`, which is mapped rather than read into
    /// memory. A file that cannot be read is `.notJSON` with `line` nil and the reason.
    @discardableResult
    public func importNotes(fromFile path: String) throws(ImportError) -> ImportCounts {
        try ImportFile.withBytes(atPath: path) { (bytes) throws(ImportError) in try importNotes(in: bytes) }
    }

    /// Validates the records of `bytes`, then reads them again and writes them.
    ///
    /// Two passes rather than keeping the records: validating is cheap next to writing, and
    /// memory then stays flat however large the import is.
    private func importNotes(in bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportCounts {
        var records = 0
        try ImportReader.forEachRecord(in: bytes) { _ in records += 1 }
        let path = displayPath
        do {
            return try writer.writeWithoutTransaction { db in
                // A large import touches index pages all over the file; with SQLite's default
                // 2 MB cache it would write them to the WAL and read them back again and again.
                // Sorts for the indexes a bulk import rebuilds stay in memory too.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
                try db.execute(sql: "PRAGMA cache_size = \(-Self.importCacheKiB); PRAGMA temp_store = MEMORY")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize); PRAGMA temp_store = \(tempStore)") }
                var counts = ImportCounts()
                try db.inTransaction(.immediate) {
                    var writer = try ImportWriter(db, records: records)
                    try ImportReader.forEachRecord(in: bytes) { (record) throws(ImportError) in
                        do {
                            switch try writer.write(record) {
                            case .added: counts.added += 1
                            case .updated: counts.updated += 1
                            case .unchanged: counts.unchanged += 1
                            }
                        } catch {
                            throw .store(NoteStoreError(error, path: path))
                        }
                    }
                    try writer.finish()
                    return .commit
                }
                return counts
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .store(NoteStoreError(error, path: path))
        }
    }

    /// The page cache an import may use, in KiB (SQLite's default is 2 000). Measured on a
    /// million notes: 41 s with the default, 34 s with 64 MiB, and no better with more.
    static let importCacheKiB = 64 * 1024
}
