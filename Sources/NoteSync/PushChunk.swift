import NoteStore
import NoteTransfer

/// A chunk of a push's pending changes, already written as rows of `incoming` for COPY.
///
/// Read and encoded in one pass over the store's rows: a note's JSON is written from the
/// stored bytes by the export's ``NoteRowEncoding`` (exactly ``HubBody/encode(_:)``'s bytes
/// for a typed note), and only a note it declines (a voice note, tags out of order) is read
/// as a ``Note``. For 100 000 notes this took most of margin's share of a first push.
struct PushChunk: Sendable {
    /// The rows, in COPY's text format.
    var rows: [UInt8]
    /// Each change's id and stamp, in order: what the store marks pushed.
    var changes: [(id: String, hlc: String)] = []
    /// The most changes the chunk was read for: one with fewer is the last.
    var limit: Int

    /// Whether the store had no more pending changes after these.
    var isLast: Bool { changes.count < limit }

    /// The id of the last change, where the next chunk starts.
    var lastID: String? { changes.last?.id }

    /// Reads and encodes up to `limit` pending changes with ids after `after`.
    static func read(from store: NoteDatabase, after: String, limit: Int) throws -> PushChunk {
        var copy = CopyText(capacity: 1 << 20)
        var changes: [(id: String, hlc: String)] = []
        changes.reserveCapacity(limit)
        var encoding = NoteRowEncoding()
        var body: [UInt8] = []
        typealias Column = NoteDatabase.PendingColumn
        try store.pendingRows(after: after, limit: limit) { row in
            let id = row.text(Column.id)
            let hlc = row.text(Column.hlc)
            copy.field(id, first: true)
            copy.field(hlc)
            for part in Column.parts { copy.field(row.text(part)) }
            copy.field(row.text(Column.base))
            let tombstone = row.int64(Column.tombstone) != 0
            copy.field(tombstone ? Self.yes : Self.no)
            if tombstone {
                copy.null()
            } else {
                body.removeAll(keepingCapacity: true)
                if encoding.begin(joinedTags: row, to: &body) {
                    encoding.end(to: &body)
                } else {
                    body.append(contentsOf: HubBody.encode(try row.note()).utf8)
                }
                copy.field(body)
            }
            copy.endRow()
            changes.append((Self.string(id), Self.string(hlc)))
        }
        return PushChunk(rows: copy.buffer, changes: changes, limit: limit)
    }

    private static let (yes, no) = (Array("t".utf8), Array("f".utf8))

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String {
        bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

extension PushChunk {
    /// The chunk of `changes`, already read as ``NoteDatabase/Change`` values for up to `limit`:
    /// a push that first read a few changes and found more sends those as its first chunk.
    init(_ changes: [NoteDatabase.Change], limit: Int) {
        var copy = CopyText(capacity: 1 << 20)
        for change in changes {
            copy.row([change.id, change.hlc] + change.parts + [change.base, change.note == nil ? "t" : "f", change.note.map(HubBody.encode)])
        }
        self.init(rows: copy.take(), changes: changes.map { ($0.id, $0.hlc) }, limit: limit)
    }
}
