import Foundation
import NoteStore
import NoteTransfer

/// The hub's JSON of a note, read for the store while it applies a pull.
struct HubBodyReading: HubBodyReader {
    /// The page's notes as the row checks read them, when they did (see ``HubRowCheck``).
    var parsed: ParsedNotes?

    func note(from body: String) -> Note? {
        HubBody.decode(body)
    }

    func version(from body: String) -> (text: String, updatedAt: String)? {
        HubBody.decodeVersion(body).map { ($0.text, $0.updated_at) }
    }

    /// Through the store's bulk-write session, from what the row checks read (each body is
    /// parsed once), else through the import's parser: a first pull of a hundred thousand
    /// notes is then bound by the import's speed, not by one save per note.
    func importNotes(_ records: [NoteDatabase.HubRecord], into session: inout NoteImportSession) throws {
        if let parsed { return try parsed.write(records.map(\.id), into: &session) }
        var lines = Data()
        for record in records {
            lines.append(contentsOf: (record.body ?? "").utf8)
            lines.append(UInt8(ascii: "\n"))
        }
        _ = try NoteDatabase.importLines(lines, into: &session)
    }
}

extension NoteDatabase {
    /// Applies one page from the hub and records `cursor` with it, in one store transaction
    /// (see the store's `apply(_:versions:cursor:newest:reader:)`), after moving the clock past
    /// the latest stamp the page brings (`known`, when the reader found it already: it is
    /// then not looked for again, on the thread that writes the store). `parsed` holds the
    /// page's notes as the row checks read them.
    func apply(
        _ records: [HubRecord], versions: [HubVersion], cursor: [String: String], parsed: ParsedNotes? = nil,
        newest known: HybridTimestamp? = nil
    ) throws(NoteStoreError) -> Applied {
        let stamp = known ?? (records.map(\.hlc) + versions.map(\.hlc)).compactMap(HybridTimestamp.init).max()
        let newest = stamp.map { (wallMs: $0.wallMs, counter: $0.counter) }
        return try apply(records, versions: versions, cursor: cursor, newest: newest, reader: HubBodyReading(parsed: parsed))
    }
}
