import Foundation
import GRDB
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Changing notes")
struct WriteTests {
    @Test("update replaces text, tags and pin, stamps updatedAt with the clock, keeps createdAt")
    func update() throws {
        let later = NoteTimestamp.rounded(moment(3600))
        let store = try NoteDatabase.inMemory(now: fixedClock(later))
        let original = note("draft", tags: ["a", "b"], pin: episodePin())
        try store.insert(original)
        var edited = original
        edited.text = "final"
        edited.tags = ["c"]
        edited.pin = nil
        edited.createdAt = moment(-999)
        let returned = try store.update(edited)
        let read = try store.note(id: original.id)
        #expect(read == returned)
        #expect(read.text == "final")
        #expect(read.tags == ["c"])
        #expect(read.pin == nil)
        #expect(read.createdAt == original.createdAt)
        #expect(read.updatedAt == later)
    }

    @Test("update keeps an updatedAt the caller set")
    func updateKeepsCallerStamp() throws {
        let store = try NoteDatabase.inMemory(now: fixedClock(moment(3600)))
        let original = note("draft")
        try store.insert(original)
        var edited = original
        edited.text = "pinned later"
        edited.pin = episodePin()
        edited.updatedAt = moment(42)
        try store.update(edited)
        #expect(try store.note(id: original.id).updatedAt == NoteTimestamp.rounded(moment(42)))
        #expect(try store.note(id: original.id).pin == episodePin())
    }

    @Test("update and delete of an unknown id are .notFound")
    func unknown() throws {
        let store = try NoteDatabase.inMemory()
        #expect(throws: NoteStoreError.notFound("ghost")) { try store.update(note("x", id: "ghost")) }
        #expect(throws: NoteStoreError.notFound("ghost")) { try store.delete(id: "ghost") }
    }

    @Test("delete removes the note and cascades to its tags")
    func deleteCascades() throws {
        let store = try NoteDatabase.inMemory()
        let doomed = note("doomed", tags: ["x", "y"])
        let kept = note("kept", tags: ["x"])
        try store.insert(doomed)
        try store.insert(kept)
        try store.delete(id: doomed.id)
        #expect(throws: NoteStoreError.notFound(doomed.id)) { try store.note(id: doomed.id) }
        let tags = try store.writer.read {
            try Row.fetchAll($0, sql: "SELECT note.id, tag FROM note_tag JOIN note ON note.seq = note_tag.note_seq")
        }
        #expect(tags.map { $0[0] as String } == [kept.id])
        #expect(try store.notes(NoteFilter(tag: "y")).isEmpty)
    }

    @Test("save inserts, replaces, or leaves an identical note alone")
    func save() throws {
        let store = try NoteDatabase.inMemory()
        let original = note("imported", tags: ["a"], pin: episodePin())
        #expect(try store.save(original) == .inserted)
        #expect(try store.save(original) == .unchanged)
        var changed = original
        changed.text = "imported, then edited elsewhere"
        changed.tags = ["b"]
        changed.updatedAt = moment(99)
        #expect(try store.save(changed) == .updated)
        #expect(try store.note(id: original.id) == changed)
        #expect(try store.search("elsewhere").map(\.note.id) == [original.id])
    }

    @Test("saves many notes in one go and counts what it did")
    func saveMany() throws {
        let store = try NoteDatabase.inMemory()
        let first = note("one")
        var edited = first
        edited.text = "one, edited"
        let counts = try store.save(contentsOf: [first, note("two"), first, edited])
        #expect(counts == (inserted: 2, updated: 1, unchanged: 1))
        #expect(try store.note(id: first.id).text == "one, edited")
        let many = (0..<1000).map { note("bulk \($0)", tags: ["bulk"], at: Double($0)) }
        #expect(try store.save(contentsOf: many).inserted == 1000)
        #expect(try store.count(NoteFilter(tag: "bulk")) == 1000)
    }
}
