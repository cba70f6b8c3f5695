import Foundation
import NoteStore
import NoteTransfer

/// The hub's JSON of a note, read for the store while it applies a pull.
struct HubBodyReading: HubBodyReader {
    func note(from body: String) -> Note? {
        HubBody.decode(body)
    }

    func version(from body: String) -> (text: String, updatedAt: String)? {
        HubBody.decodeVersion(body).map { ($0.text, $0.updated_at) }
    }

    /// Through the import's parser and the store's bulk-write session: a first pull of a
    /// hundred thousand notes is then bound by the import's speed, not by one save per note.
    func importLines(_ lines: Data, into session: inout NoteImportSession) throws {
        _ = try NoteDatabase.importLines(lines, into: &session)
    }
}

extension NoteDatabase {
    /// Applies one page from the hub and records `cursor` with it, in one store transaction
    /// (see the store's `apply(_:versions:cursor:newest:reader:)`), after moving the clock past
    /// the latest stamp the page brings.
    func apply(_ records: [HubRecord], versions: [HubVersion], cursor: [String: String]) throws(NoteStoreError) -> Applied {
        let stamps = (records.map(\.hlc) + versions.map(\.hlc)).compactMap(HybridTimestamp.init)
        let newest = stamps.max().map { (wallMs: $0.wallMs, counter: $0.counter) }
        return try apply(records, versions: versions, cursor: cursor, newest: newest, reader: HubBodyReading())
    }
}
