import Foundation
import NoteStore

/// Exporting notes as JSON, JSON Lines, CSV, Markdown or Readwise's CSV, streamed.
extension NoteDatabase {
    /// How many bytes are gathered before they are handed to the sink. A chunk is at least
    /// this long (but the last) and exceeds it by less than one note's encoding.
    public static let exportChunkSize = 64 * 1024

    /// Streams the notes matching `filter` in `format` to `sink`, in chunks of about
    /// ``exportChunkSize`` bytes, reading one note at a time so that memory stays flat.
    ///
    /// Every format but Markdown and Readwise lists notes by `created_at`, then id, oldest first, so that
    /// an export imported into an empty store exports again to the same bytes. With a
    /// `limit`, the notes are those ``notes(_:)`` would list, in that export order.
    ///
    /// - `json`: `[` on a line of its own, then one note object per line, each but the last
    ///   followed by `,`, then `]` and a newline; no notes give `[]` and a newline.
    /// - `jsonl`: one note object per line, each ending in a newline; no notes give no bytes.
    /// - `csv`: see ``CSVEncoding``; no notes give the header row alone.
    /// - `markdown`: see ``MarkdownExport``; no notes give no bytes.
    /// - `readwise`: see ``ReadwiseEncoding``; no notes give the header row alone.
    /// - `obsidian` is a directory, not a stream: see ``exportVault(_:to:write:)``; here it
    ///   throws ``VaultExportError/needsDirectory``.
    ///
    /// The export reads one consistent snapshot, and `sink` is called while it is being read:
    /// `sink` must not use this `NoteDatabase`. An error thrown by `sink` ends the export and
    /// is rethrown; store failures are ``NoteStoreError``s.
    public func export(_ filter: NoteFilter, format: ExportFormat, to sink: (Data) throws -> Void) throws {
        if format == .json || format == .jsonl {
            try exportJSON(filter, lines: format == .jsonl, to: sink)
            return
        }
        var out = Self.outputBuffer()
        func flush(_ force: Bool = false) throws { try Self.flush(&out, to: sink, force: force) }
        if format == .markdown {
            var markdown = MarkdownExport()
            // The Markdown order sorts every note. SQLite sorts a large result in runs through
            // temporary files, and with helper threads (as an import does) it sorts each run
            // while it goes on reading the notes.
            try forEachRow(.markdown(filter), parallelSort: true) { row in
                markdown.append(row, to: &out)
                try flush()
            }
            try flush(true)
            return
        }
        if format == .readwise {
            ReadwiseEncoding.appendHeader(to: &out)
            try forEachRow(.markdown(filter)) { row in
                let names = (title: row.string(NoteRow.heading), show: row.string(NoteRow.showName))
                ReadwiseEncoding.appendRow(try row.note(), title: names.title, show: names.show, to: &out)
                try flush()
            }
            try flush(true)
            return
        }
        guard format == .csv else { throw VaultExportError.needsDirectory }
        CSVEncoding.appendHeader(to: &out)
        try forEachRow(.creationOrder(filter)) { row in
            CSVEncoding.appendRow(try row.note(), to: &out)
            try flush()
        }
        try flush(true)
    }

    /// The `json` and `jsonl` exports, encoded from the export rows' stored bytes by
    /// ``NoteRowEncoding`` (or, for a row it declines, through ``Note``).
    private func exportJSON(_ filter: NoteFilter, lines: Bool, to sink: (Data) throws -> Void) throws {
        var out = Self.outputBuffer()
        func flush(_ force: Bool) throws { try Self.flush(&out, to: sink, force: force) }
        var first = true
        var noteStart = 0
        if !lines { out.append(UInt8(ascii: "[")) }
        var encoding = NoteRowEncoding()
        // The note being written (rows of one note are adjacent: the order is by id within
        // created_at), and whether the general path wrote it.
        var current: Int64?
        var general = false
        func endNote() {
            if current != nil, !general { encoding.end(to: &out) }
            if current != nil, lines { out.append(0x0A) }
        }
        try forEachRow(.taggedRows(filter)) { row in
            let seq = row.int64(NoteRow.seq)
            if seq == current {
                guard !general else { return }
                if encoding.addTag(row, to: &out) { return }
                // Tags out of order or not ASCII: the general path writes this note.
                out.removeSubrange(noteStart...)
            } else {
                endNote()
                try flush(false)
                if !lines { out.append(contentsOf: first ? [0x0A] : [UInt8(ascii: ","), 0x0A]) }
                first = false
                current = seq
                noteStart = out.count
                general = false
                if encoding.begin(row, to: &out) { return }
            }
            general = true
            if let note = try row.storedNote(seqAt: NoteRow.seq) { NoteEncoding.appendObject(note, to: &out) }
        }
        endNote()
        if !lines {
            out.append(contentsOf: first ? [UInt8(ascii: "]"), 0x0A] : [0x0A, UInt8(ascii: "]"), 0x0A])
        }
        try flush(true)
    }

    /// An empty buffer for export output, with room for a chunk and the note that overflows it.
    static func outputBuffer() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(exportChunkSize + 16 * 1024)
        return out
    }

    /// Hands `out` to `sink` once it holds ``exportChunkSize`` bytes (with `force`, once it
    /// holds any), then empties it.
    static func flush(_ out: inout [UInt8], to sink: (Data) throws -> Void, force: Bool) throws {
        guard force ? !out.isEmpty : out.count >= exportChunkSize else { return }
        try sink(Data(out))
        out.removeAll(keepingCapacity: true)
    }
}
