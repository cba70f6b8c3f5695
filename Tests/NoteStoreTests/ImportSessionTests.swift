import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

/// The store's bulk-write session and export cursor, driven without the import parser or the
/// encoders.
@Suite("the bulk-write session and the export cursor")
struct ImportSessionTests {
    /// Calls `body` with `note` as the session takes it: its strings in one buffer.
    func withImported<R>(_ note: Note, _ body: (ImportedNote) throws -> R) throws -> R {
        let key = try #require(NoteKey(note.id))
        var bytes: [UInt8] = []
        func span(_ string: String) -> ByteSpan {
            defer { bytes.append(contentsOf: string.utf8) }
            return ByteSpan(start: bytes.count, count: string.utf8.count)
        }
        let (id, text) = (span(note.id), span(note.text))
        let (created, updated) = (span(NoteTimestamp.string(from: note.createdAt)), span(NoteTimestamp.string(from: note.updatedAt)))
        let tags = note.tags.map(span)
        let pin = note.pin.map { pin in
            ImportedNote.PinSpans(
                itemType: span(pin.itemType), itemID: span(pin.itemID), itemURI: span(pin.itemURI), itemName: pin.itemName.map(span),
                showID: pin.showID.map(span), showName: pin.showName.map(span), progressMs: pin.progressMs, durationMs: pin.durationMs)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            try tags.withUnsafeBufferPointer { tags in
                try body(ImportedNote(bytes: buffer, key: key, id: id, text: text,
                                      tags: tags, createdAt: created, updatedAt: updated, pin: pin))
            }
        }
    }

    struct Refused: Error {}

    @Test("each note is added, updated when newer, unchanged when the same, a conflict when older and different")
    func outcomes() throws {
        let store = try NoteDatabase.inMemory()
        let stored = Note(text: "stored", tags: ["a"], createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        try store.insert(stored)
        var newer = stored
        newer.text = "newer"
        newer.updatedAt = stored.updatedAt.addingTimeInterval(60)
        var older = stored
        older.text = "older and different"
        older.updatedAt = stored.updatedAt.addingTimeInterval(-60)
        let fresh = Note(text: "fresh", tags: ["b", "c"])
        let outcomes = try store.importing(estimatedRecords: 4) { session in
            try [stored, fresh, older, newer].map { note in try withImported(note) { try session.write($0) } }
        }
        #expect(outcomes == [.unchanged, .added, .conflict, .updated])
        #expect(try store.note(id: stored.id).text == "newer")
        #expect(try store.note(id: fresh.id) == fresh)
        #expect(try store.search("fresh").map(\.note.id) == [fresh.id], "the full-text index is brought up to date")
    }

    @Test("an error thrown while writing rolls back every note of the session and comes back unchanged")
    func allOrNothing() throws {
        let store = try NoteDatabase.inMemory()
        #expect(throws: Refused.self) {
            try store.importing(estimatedRecords: 2) { session in
                _ = try withImported(Note(text: "written, then rolled back")) { try session.write($0) }
                throw Refused()
            }
        }
        #expect(try store.count() == 0)
        #expect(try store.search("rolled").isEmpty)
    }

    @Test("the export cursor hands out stored bytes, kinds and whole notes, in creation order")
    func cursor() throws {
        let store = try NoteDatabase.inMemory()
        let first = Note(text: "nul\u{0}inside", tags: ["x", "y"], createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        let second = Note(text: "second", createdAt: Date(timeIntervalSince1970: 1_795_000_001))
        try store.insert(second)
        try store.insert(first)
        var texts: [[UInt8]] = []
        var notes: [Note] = []
        var tagKinds: [NoteRow.Kind] = []
        try store.forEachRow(.creationOrder(NoteFilter())) { row in
            texts.append(Array(row.bytes(1) ?? UnsafeBufferPointer(start: nil, count: 0)))
            tagKinds.append(row.kind(NoteRow.tags))
            notes.append(try row.note())
        }
        #expect(texts == [Array("nul\u{0}inside".utf8), Array("second".utf8)])
        #expect(notes == [first, second])
        #expect(tagKinds == [.text, .null])
        var tagRows: [String?] = []
        var storedIDs: [String?] = []
        try store.forEachRow(.taggedRows(NoteFilter())) { row in
            tagRows.append(row.string(NoteRow.tags))
            storedIDs.append(try row.storedNote(seqAt: NoteRow.seq)?.id)
        }
        #expect(tagRows == ["x", "y", nil])
        #expect(storedIDs == [first.id, first.id, second.id])
    }
}
