/// Where a string lies in a buffer of UTF-8: an import's strings are kept one after another
/// in one buffer, without a `String` per field.
package struct ByteSpan: Equatable, Sendable {
    package var start: Int
    package var count: Int

    package init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    package var range: Range<Int> { start..<start + count }
}

/// One note of an import, as the bulk-write session (``NoteImportSession``) takes it: already
/// validated and in the form the store keeps (lowercase id, tags normalized, times in the
/// contract's canonical text), its strings spans of a buffer the caller holds.
///
/// A million-row import binds these bytes straight into the insert statement. The buffers
/// must stay valid for the call that is handed the note.
package struct ImportedNote {
    /// The UTF-8 the spans point into.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The id as 128 bits, for the session's lookups.
    package var key: NoteKey
    package var id: ByteSpan
    package var text: ByteSpan
    /// The tags, sorted and unique.
    package var tags: UnsafeBufferPointer<ByteSpan>
    /// `2026-11-21T09:15:02.123Z`.
    package var createdAt: ByteSpan
    /// Decides which of two versions of a note wins (compared as text).
    package var updatedAt: ByteSpan
    package var pin: PinSpans?
    /// The segments as ``NoteSegment/json(_:)`` writes them (checked by ``NoteSegment/problem(_:)``);
    /// nil for a note without them.
    package var segments: ByteSpan?

    /// The fields of a ``Pin``.
    package struct PinSpans: Equatable, Sendable {
        package var itemType: ByteSpan
        package var itemID: ByteSpan
        package var itemURI: ByteSpan
        package var itemName: ByteSpan?
        package var showID: ByteSpan?
        package var showName: ByteSpan?
        package var progressMs: Int
        package var durationMs: Int?

        package init(
            itemType: ByteSpan, itemID: ByteSpan, itemURI: ByteSpan, itemName: ByteSpan? = nil, showID: ByteSpan? = nil,
            showName: ByteSpan? = nil, progressMs: Int, durationMs: Int? = nil
        ) {
            (self.itemType, self.itemID, self.itemURI) = (itemType, itemID, itemURI)
            (self.itemName, self.showID, self.showName) = (itemName, showID, showName)
            (self.progressMs, self.durationMs) = (progressMs, durationMs)
        }
    }

    package init(
        bytes: UnsafeBufferPointer<UInt8>, key: NoteKey, id: ByteSpan, text: ByteSpan, tags: UnsafeBufferPointer<ByteSpan>,
        createdAt: ByteSpan, updatedAt: ByteSpan, pin: PinSpans?, segments: ByteSpan? = nil
    ) {
        (self.bytes, self.key, self.id, self.text, self.tags) = (bytes, key, id, text, tags)
        (self.createdAt, self.updatedAt, self.pin) = (createdAt, updatedAt, pin)
        self.segments = segments
    }

    /// The bytes of `span`.
    package subscript(span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[span.range])
    }
}

/// What writing one imported note did.
package enum ImportOutcome: Sendable {
    case added, updated, unchanged
    /// Not newer than the stored note, yet different from it: the stored note was kept.
    case conflict
}
