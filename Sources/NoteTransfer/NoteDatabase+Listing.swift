import Foundation
import NoteStore

/// `list --json` and `search --json`: a JSON array of note objects, streamed.
extension NoteDatabase {
    /// Streams the notes ``notes(_:)`` lists, in its order, as one JSON array on one line
    /// (`[`, the objects separated by `,`, `]`, a newline) to `sink`, in chunks of about
    /// ``exportChunkSize`` bytes.
    ///
    /// The bytes are those of ``NoteEncoding/object(_:)`` for each note, written from the
    /// export rows' stored bytes by ``NoteRowEncoding`` (a row it declines is read again as a ``Note``):
    /// an episode's thousands of notes are never all held as values and strings at once.
    /// `sink` is called while the store is being read and must not use this `NoteDatabase`.
    public func listJSON(_ filter: NoteFilter, to sink: (Data) throws -> Void) throws {
        var out = Self.outputBuffer()
        out.append(UInt8(ascii: "["))
        var encoding = NoteRowEncoding()
        var first = true
        try forEachRow(.listing(filter)) { row in
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            if encoding.begin(joinedTags: row, to: &out) {
                encoding.end(to: &out)
            } else if let note = try row.storedNote(seqAt: NoteRow.seq) {
                NoteEncoding.appendObject(note, to: &out)
            }
            try Self.flush(&out, to: sink, force: false)
        }
        out.append(contentsOf: [UInt8(ascii: "]"), 0x0A])
        try Self.flush(&out, to: sink, force: true)
    }
}
