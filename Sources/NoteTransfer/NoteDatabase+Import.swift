import Foundation
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

    /// Reads and validates `source` on a second thread while this one hands the records it
    /// has read so far to the store's bulk-write session.
    private func importNotes(from source: ImportSource) throws(ImportError) -> ImportCounts {
        let pipe = ImportPipe.reading(source)
        defer { pipe.close() }
        let estimate = try pipe.estimate()
        do {
            return try importing(estimatedRecords: estimate) { session in try Self.write(pipe, to: &session) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .store(NoteStoreError(error, path: displayPath))
        }
    }
}

extension NoteDatabase {
    /// Imports JSON Lines into a session the caller opened (a sync's pull, inside its own
    /// transaction). Throws on the first record that is not valid.
    package static func importLines(_ data: Data, into session: inout NoteImportSession) throws -> ImportCounts {
        let pipe = ImportPipe.reading(.data(data))
        defer { pipe.close() }
        _ = try pipe.estimate()
        return try write(pipe, to: &session)
    }

    /// Writes every record `pipe` delivers into `session`; the first record that is not valid
    /// throws.
    private static func write(_ pipe: ImportPipe, to session: inout NoteImportSession) throws -> ImportCounts {
        var counts = ImportCounts()
        while true {
            switch pipe.receive() {
            case .records(let batch):
                try batch.withContents { batch in
                    for record in batch.records {
                        counts.count(try session.write(batch.note(record)), id: String(decoding: batch[record.id], as: UTF8.self))
                    }
                }
                pipe.recycle(batch)
            case .end:
                return counts
            case .failure(let error):
                throw error
            }
        }
    }
}
