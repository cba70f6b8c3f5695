import Foundation
import GRDB

/// Exporting notes as JSON, JSON Lines, CSV or Markdown, streamed.
extension NoteDatabase {
    /// How many bytes are gathered before they are handed to the sink. A chunk is at least
    /// this long (but the last) and exceeds it by less than one note's encoding.
    public static let exportChunkSize = 64 * 1024

    /// Streams the notes matching `filter` in `format` to `sink`, in chunks of about
    /// ``exportChunkSize`` bytes, reading one note at a time so that memory stays flat.
    ///
    /// Every format but Markdown lists notes by `created_at`, then id, oldest first, so that
    /// an export imported into an empty store exports again to the same bytes. With a
    /// `limit`, the notes are those ``notes(_:)`` would list, in that export order.
    ///
    /// - `json`: `[` on a line of its own, then one note object per line, each but the last
    ///   followed by `,`, then `]` and a newline; no notes give `[]` and a newline.
    /// - `jsonl`: one note object per line, each ending in a newline; no notes give no bytes.
    /// - `csv`: see ``CSVEncoding``; no notes give the header row alone.
    /// - `markdown`: see ``MarkdownExport``; no notes give no bytes.
    ///
    /// The export reads one consistent snapshot, and `sink` is called while it is being read:
    /// `sink` must not use this `NoteDatabase`. An error thrown by `sink` ends the export and
    /// is rethrown; store failures are ``NoteStoreError``s.
    public func export(_ filter: NoteFilter, format: ExportFormat, to sink: (Data) throws -> Void) throws {
        var out: [UInt8] = []
        out.reserveCapacity(Self.exportChunkSize + 16 * 1024)
        func flush(_ force: Bool = false) throws {
            guard force ? !out.isEmpty : out.count >= Self.exportChunkSize else { return }
            try sink(Data(out))
            out.removeAll(keepingCapacity: true)
        }
        if format == .markdown {
            var markdown = MarkdownExport()
            try eachRow(MarkdownExport.query(filter)) { row in
                try markdown.append(row, to: &out)
                try flush()
            }
            try flush(true)
            return
        }
        var first = true
        switch format {
        case .json: out.append(UInt8(ascii: "["))
        case .csv: CSVEncoding.appendHeader(to: &out)
        case .jsonl, .markdown: break
        }
        try eachRow(Self.creationOrder(filter)) { row in
            let note = try Note(row: row)
            switch format {
            case .json:
                out.append(contentsOf: first ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                NoteEncoding.appendObject(note, to: &out)
            case .jsonl, .markdown:
                NoteEncoding.appendObject(note, to: &out)
                out.append(0x0A)
            case .csv:
                CSVEncoding.appendRow(note, to: &out)
            }
            first = false
            try flush()
        }
        if format == .json {
            out.append(contentsOf: first ? [UInt8(ascii: "]"), 0x0A] : [0x0A, UInt8(ascii: "]"), 0x0A])
        }
        try flush(true)
    }

    /// The filter's notes, oldest first, ties broken by id.
    static func creationOrder(_ filter: NoteFilter) -> (sql: String, arguments: StatementArguments) {
        let order = " ORDER BY note.created_at, note.id"
        guard filter.limit != nil else {
            let selection = filter.selection(selecting: Note.selection)
            return (selection.sql + order, StatementArguments(selection.arguments))
        }
        // The limit picks the notes `notes(_:)` would list; only their order changes.
        let chosen = filter.query(selecting: "note.id")
        return ("SELECT \(Note.selection) FROM note WHERE note.id IN (\(chosen.sql))" + order, chosen.arguments)
    }

    /// Runs `query` on a read connection and calls `body` with each row as it is stepped.
    private func eachRow(
        _ query: (sql: String, arguments: StatementArguments), _ body: (Row) throws -> Void
    ) throws {
        do {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: query.sql), arguments: query.arguments)
                while let row = try rows.next() {
                    try body(row)
                }
            }
        } catch let error as DatabaseError {
            throw NoteStoreError(error, path: displayPath)
        }
    }
}
