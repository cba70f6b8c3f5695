import NoteStore

/// Notes' JSON read once with the import's parser and rules, kept in the import's own form
/// (one buffer of UTF-8, spans into it) until the store writes them.
///
/// A pull reads every note the hub sends, checks it, then stores it. Reading each body once
/// into a batch, checking the batch's fields and handing the batch itself to the store's
/// bulk-write session spares a second parse and a `Note` (with its strings, dates and
/// normalized tags) per row.
package struct ParsedNotes: Sendable {
    private var batch = ImportBatch()
    private var fields = ImportRecord.Fields()
    /// The record of each note id read.
    private var index: [NoteKey: Int] = [:]

    package init() {}

    /// Reads `json`, which must hold one note object and nothing else, that the import
    /// accepts; its record number, or nil when the import refuses it (then nothing of it
    /// reaches the store through ``write(_:into:)``).
    package mutating func read(_ json: String) -> Int? {
        var json = json
        return json.withUTF8 { bytes -> Int? in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            let count = batch.records.count
            do throws(ImportRecord.Failure) {
                try ImportRecord.read(&scanner, into: &batch, using: &fields)
            } catch {
                return nil
            }
            scanner.skipWhitespace()
            guard scanner.peek == nil, batch.records.count == count + 1 else {
                batch.records.removeLast(batch.records.count - count)
                return nil
            }
            return count
        }
    }

    /// Keeps record `number` for the store: the note whose id it has is written from it.
    package mutating func keep(_ number: Int) {
        index[batch.records[number].key] = number
    }

    /// True when record `number` has the id `id` (as the store keeps ids: lowercase).
    package func has(_ number: Int, id: String) -> Bool {
        var id = id
        return id.withUTF8 { id in batch.withBytes(of: batch.records[number].id) { $0.elementsEqual(id) } }
    }

    /// The length of record `number`'s text, in UTF-8 bytes.
    package func textBytes(_ number: Int) -> Int {
        batch.records[number].text.count
    }

    /// The first of record `number`'s times (`created_at`, `updated_at`) later than `latest`,
    /// which is in the canonical form (`2026-11-21T09:15:02.123Z`, which sorts as time does).
    package func timeAfter(_ number: Int, _ latest: String) -> String? {
        var latest = latest
        let record = batch.records[number]
        return latest.withUTF8 { latest in
            for (name, span) in [("created_at", record.createdAt), ("updated_at", record.updatedAt)]
            where batch.withBytes(of: span, { latest.lexicographicallyPrecedes($0) }) {
                return name
            }
            return nil
        }
    }

    /// Writes into `session` the kept note of each id in `ids`, in that order; throws when one
    /// was not kept, before writing anything.
    package func write(_ ids: [String], into session: inout NoteImportSession) throws {
        var numbers: [Int] = []
        numbers.reserveCapacity(ids.count)
        for id in ids {
            guard let key = NoteKey(id), let number = index[key] else { throw NotKept(id: id) }
            numbers.append(number)
        }
        try batch.withContents { batch in
            for number in numbers { _ = try session.write(batch.note(batch.records[number])) }
        }
    }

    /// A note ``write(_:into:)`` was asked for that was not read and kept.
    package struct NotKept: Error {
        package var id: String
    }
}
