import NoteStore
/// Records read from an import, with the UTF-8 of all their strings in one buffer.
///
/// A million notes hold some ten million strings. Given an allocation each, allocating,
/// reference counting and freeing them cost more than parsing the JSON. A batch keeps them in
/// three arrays instead, and is handed back to the reading thread to be refilled (see
/// ``ImportPipe``), so that reading allocates next to nothing per record.
struct ImportBatch: Sendable {
    /// The strings of every record, one after another.
    var bytes: [UInt8] = []
    var records: [ImportRecord] = []
    /// The tags of every record; each record names its run of them.
    var tags: [ByteSpan] = []

    var count: Int { records.count }

    /// Forgets every record, keeping the memory for the next ones.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
    }

    /// Appends `run` to ``bytes``.
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) -> ByteSpan {
        let start = bytes.count
        bytes.append(contentsOf: run)
        return ByteSpan(start: start, count: run.count)
    }

    /// Appends the UTF-8 of `string` to ``bytes``.
    mutating func append(_ string: String) -> ByteSpan {
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        return ByteSpan(start: start, count: bytes.count - start)
    }

    /// Calls `body` with the bytes of `span`.
    func withBytes<R>(of span: ByteSpan, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[span.range])) }
    }

    /// The text of `span`.
    func string(_ span: ByteSpan) -> String {
        withBytes(of: span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the batch's arrays in place, for writing the records out.
    func withContents<R>(_ body: (Contents) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try tags.withUnsafeBufferPointer { tags in
                try records.withUnsafeBufferPointer { records in
                    try body(Contents(bytes: bytes, tags: tags, records: records))
                }
            }
        }
    }

    /// A batch's arrays, in place.
    struct Contents {
        let bytes: UnsafeBufferPointer<UInt8>
        let tags: UnsafeBufferPointer<ByteSpan>
        let records: UnsafeBufferPointer<ImportRecord>

        /// The bytes of `span`.
        subscript(span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[span.range])
        }

        /// `record` as the store's bulk-write session takes it, its strings in place.
        func note(_ record: ImportRecord) -> ImportedNote {
            ImportedNote(
                bytes: bytes, key: record.key, id: record.id, text: record.text,
                tags: UnsafeBufferPointer(rebasing: tags[record.tags]),
                createdAt: record.createdAt, updatedAt: record.updatedAt, pin: record.pin, segments: record.segments)
        }
    }
}
