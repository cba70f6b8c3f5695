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
    public func importNotes(from data: Data) throws(ImportError) -> ImportCounts {
        try ImportFile.withBytes(of: data) { (bytes) throws(ImportError) in try importNotes(in: bytes) }
    }

    /// ``importNotes(from:)`` for the file at `path`, which is mapped rather than read into
    /// memory. A file that cannot be read is `.notJSON` with `line` nil and the reason.
    public func importNotes(fromFile path: String) throws(ImportError) -> ImportCounts {
        try ImportFile.withBytes(atPath: path) { (bytes) throws(ImportError) in try importNotes(in: bytes) }
    }

    /// Validates the records of `bytes`, then reads them again and writes them.
    ///
    /// Two passes rather than keeping the records: validating is cheap next to writing, and
    /// memory then stays flat however large the import is.
    private func importNotes(in bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportCounts {
        try ImportReader.forEachRecord(in: bytes) { _ in }
        let path = displayPath
        do {
            return try writer.write { db in
                var counts = ImportCounts()
                try ImportReader.forEachRecord(in: bytes) { (record) throws(ImportError) in
                    do {
                        switch try record.write(db) {
                        case .added: counts.added += 1
                        case .updated: counts.updated += 1
                        case .unchanged: counts.unchanged += 1
                        }
                    } catch {
                        throw .store(NoteStoreError(error, path: path))
                    }
                }
                return counts
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .store(NoteStoreError(error, path: path))
        }
    }
}
