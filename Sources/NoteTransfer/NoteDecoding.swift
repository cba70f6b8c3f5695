import Foundation
import NoteStore

/// One note object (the contract's JSON) read with the import's own parser and rules: some
/// ten times faster than `JSONDecoder`, which matters to a pull that reads every note twice
/// (once to check it, once to store it).
package enum NoteDecoding {
    /// Why a note object was not read: the import's own words.
    package struct Failure: Error, Equatable {
        package var reason: String
    }

    /// Reads `json`, which must hold one note object and nothing else.
    package static func note(_ json: String) -> Result<Note, Failure> {
        var json = json
        return json.withUTF8 { bytes in
            var batch = ImportBatch()
            var fields = ImportRecord.Fields()
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            do throws(ImportRecord.Failure) {
                try ImportRecord.read(&scanner, into: &batch, using: &fields)
            } catch {
                switch error {
                case .syntax(let error): return .failure(Failure(reason: "not JSON: \(error.detail)"))
                case .invalid(let field, let reason): return .failure(Failure(reason: "\(field): \(reason)"))
                }
            }
            scanner.skipWhitespace()
            guard scanner.peek == nil, let record = batch.records.first else {
                return .failure(Failure(reason: "more than one value"))
            }
            let string = batch.string
            guard let created = NoteTimestamp.date(from: string(record.createdAt)),
                  let updated = NoteTimestamp.date(from: string(record.updatedAt))
            else { return .failure(Failure(reason: "its times are not times")) }
            let pin = record.pin.map { pin in
                Pin(itemType: string(pin.itemType), itemID: string(pin.itemID), itemURI: string(pin.itemURI),
                    itemName: pin.itemName.map(string), showID: pin.showID.map(string), showName: pin.showName.map(string),
                    progressMs: pin.progressMs, durationMs: pin.durationMs)
            }
            return .success(Note(id: string(record.id), text: string(record.text), tags: batch.tags[record.tags].map(string),
                                 createdAt: created, updatedAt: updated, pin: pin, segments: fields.segments))
        }
    }
}
