import NoteStore
/// One note of an import, validated and in the form the store keeps: lowercase id, tags
/// normalized, times in the contract's canonical text.
///
/// Its strings are spans of the ``ImportBatch`` that holds it, so a million-row import binds
/// them straight into the insert statement, without a `String` or `Date` per field.
struct ImportRecord: Equatable, Sendable {
    var id: ByteSpan
    /// The id as 128 bits, worked out on the reading thread for the writer's lookups.
    var key: NoteKey
    var text: ByteSpan
    /// The record's run of ``ImportBatch/tags``.
    var tags: Range<Int>
    /// `2026-11-21T09:15:02.123Z`.
    var createdAt: ByteSpan
    /// `2026-11-21T09:15:02.123Z`; decides which of two versions of a note wins.
    var updatedAt: ByteSpan
    var pin: PinSpans?
    /// The segments in ``NoteSegment/json(_:)``'s form; nil for a note without them.
    var segments: ByteSpan?

    /// The fields of a ``Pin``.
    typealias PinSpans = ImportedNote.PinSpans

    /// What writing this record did.
    typealias Outcome = ImportOutcome
}
