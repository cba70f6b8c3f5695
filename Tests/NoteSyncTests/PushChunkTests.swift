import Foundation
import NoteStore
import NoteTransfer
import Testing
@testable import NoteSync

/// A push's chunks are written from the store's rows in one pass; they must be the rows the
/// change-by-change encoding gives, for every kind of note.
@Suite("a push's chunks")
struct PushChunkTests {
    /// A store with one note of each kind a push meets, and a deleted one.
    func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        let created = Date(timeIntervalSince1970: 1_767_225_600.123)
        try store.insert(Note(text: "plain", createdAt: created))
        try store.insert(Note(text: "tab\there, line\nbreak, \\ backslash, \r return, \"quoted\", \u{0} nul, ünïcödé 漢字",
                              tags: ["zeta", "Äpfel", "alpha", "dash-tag"], createdAt: created))
        try store.insert(Note(text: "pinned", createdAt: created, pin: Pin(
            itemType: "episode", itemID: "512ojhOuo1ktJprKbVcKyQ", itemURI: "spotify:episode:512ojhOuo1ktJprKbVcKyQ",
            itemName: "An\tepisode", showID: "4rOoJ6Egrf8K2IrywzwOMk", showName: "A show", progressMs: 754_321, durationMs: 3_600_000)))
        try store.insert(Note(text: "a track, no names", createdAt: created, pin: Pin(
            itemType: "track", itemID: "id with space", itemURI: "spotify:track:x", progressMs: 0)))
        try store.insert(Note(text: "he was not an ill-disposed young man.", tags: ["voice"], createdAt: created,
                              voice: NoteVoice(audio: "/home/someone/audio/x.wav", durationMs: 4300, state: .done),
                              segments: [NoteSegment(startMs: 0, endMs: 4200, text: "he was not an ill-disposed young man.")]))
        let gone = Note(text: "deleted", createdAt: created)
        try store.insert(gone)
        try store.delete(id: gone.id)
        for index in 0..<20 { try store.insert(Note(text: "note \(index)", tags: index % 3 == 0 ? ["b", "a"] : [], createdAt: created)) }
        return store
    }

    /// The rows as the push wrote them before, from ``NoteDatabase/Change`` values.
    func expected(_ store: NoteDatabase) throws -> (rows: [UInt8], changes: [String]) {
        var rows = CopyText()
        let changes = try store.pendingChanges(after: "", limit: 1000)
        for change in changes {
            rows.row([change.id, change.hlc] + change.parts + [change.base, change.note == nil ? "t" : "f", change.note.map(HubBody.encode)])
        }
        return (rows.take(), changes.map { $0.id + " " + $0.hlc })
    }

    @Test("a chunk's COPY rows are those of the changes encoded one by one: tags, pins, escapes, voice notes, tombstones")
    func sameRows() throws {
        let store = try store()
        let (rows, changes) = try expected(store)
        let chunk = try PushChunk.read(from: store, after: "", limit: 1000)
        #expect(chunk.changes.map { $0.id + " " + $0.hlc } == changes)
        #expect(changes.count == 26)
        let written = chunk.rows
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: rows, as: UTF8.self))
    }

    @Test("chunks read after one another's last id give the whole, each change once")
    func chunksJoin() throws {
        let store = try store()
        let (rows, changes) = try expected(store)
        var joined: [UInt8] = []
        var ids: [String] = []
        var after = ""
        while true {
            let chunk = try PushChunk.read(from: store, after: after, limit: 4)
            guard let last = chunk.lastID else { break }
            #expect(chunk.changes.count <= 4)
            joined += chunk.rows
            ids += chunk.changes.map { $0.id + " " + $0.hlc }
            after = last
        }
        #expect(ids == changes)
        #expect(joined == rows)
    }

    @Test("the changes a push read first, sent as its first chunk, and the chunks read after them give the whole, each change once")
    func firstChunkFromChanges() throws {
        let store = try store()
        let (rows, changes) = try expected(store)
        var chunk = PushChunk(try store.pendingChanges(after: "", limit: 10), limit: 10)
        #expect(chunk.changes.count == 10 && !chunk.isLast)
        var joined = chunk.rows
        var ids = chunk.changes.map { $0.id + " " + $0.hlc }
        while let last = chunk.lastID, !chunk.isLast {
            chunk = try PushChunk.read(from: store, after: last, limit: 7)
            joined += chunk.rows
            ids += chunk.changes.map { $0.id + " " + $0.hlc }
        }
        #expect(chunk.isLast)
        #expect(ids == changes)
        #expect(joined == rows)
    }
}
