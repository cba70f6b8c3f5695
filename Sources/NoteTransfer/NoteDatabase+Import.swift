import Foundation
import GRDB
import NoteStore

/// Importing the JSON and JSON Lines that ``export(_:format:to:)`` writes.
extension NoteDatabase {
    /// Imports notes from a JSON array of note objects or from JSON Lines (told apart by the
    /// first byte that is not whitespace), idempotently by note id.
    ///
    /// All records are written in one transaction, or none: a record that is not valid, found
    /// at any point, rolls back what was written before it. A new id is added; a stored note
    /// is replaced only by a record with a newer `updated_at` (timestamps as imported), and
    /// otherwise kept: counted unchanged when the record says the same, as a conflict when not. When an id appears twice in the input, the later record wins by the
    /// same rule.
    @discardableResult
    public func importNotes(from data: Data) throws(ImportError) -> ImportCounts {
        try importNotes(from: .data(data))
    }

    /// ``importNotes(from:)`` for the file at `path`, which is mapped rather than read into
    /// memory. A file that cannot be read is `.notJSON` with `line` nil and the reason.
    @discardableResult
    public func importNotes(fromFile path: String) throws(ImportError) -> ImportCounts {
        try importNotes(from: .file(path))
    }

    /// Reads and validates `source` on a second thread while this one writes the records it
    /// has read so far.
    private func importNotes(from source: ImportSource) throws(ImportError) -> ImportCounts {
        let pipe = ImportPipe.reading(source)
        defer { pipe.close() }
        let estimate = try pipe.estimate()
        let path = displayPath
        let onDisk = self.path != nil
        do {
            return try writer.writeWithoutTransaction { db in
                let storedSeq = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
                let bulk = ImportWriter.isBulk(records: estimate, storedSeq: storedSeq)
                return try ImportSettings.applied(to: db, rollbackJournal: bulk && onDisk) {
                    var counts = ImportCounts()
                    try db.inTransaction(.immediate) {
                        counts = try Self.write(pipe, with: ImportWriter(db, bulk: bulk, records: estimate))
                        return .commit
                    }
                    return counts
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .store(NoteStoreError(error, path: path))
        }
    }
}

extension NoteDatabase {
    /// Imports JSON Lines inside the caller's transaction, with the import's writer (one
    /// prepared statement, the full-text index written once at the end): how a sync's pull
    /// stores the notes this store has never had. Throws on the first record that is not valid.
    package static func importLines(_ data: Data, in db: Database) throws -> ImportCounts {
        let pipe = ImportPipe.reading(.data(data))
        defer { pipe.close() }
        return try write(pipe, with: ImportWriter(db, bulk: false, records: try pipe.estimate()))
    }

    /// Writes every record `pipe` delivers with `writer`, then finishes it; the first record
    /// that is not valid throws.
    private static func write(_ pipe: ImportPipe, with writer: ImportWriter) throws -> ImportCounts {
        var writer = writer
        var counts = ImportCounts()
        while true {
            switch pipe.receive() {
            case .records(let batch):
                try batch.withContents { batch in
                    for record in batch.records {
                        counts.count(try writer.write(record, from: batch), id: String(decoding: batch[record.id], as: UTF8.self))
                    }
                }
                pipe.recycle(batch)
            case .end:
                try writer.finish()
                return counts
            case .failure(let error):
                throw error
            }
        }
    }
}
