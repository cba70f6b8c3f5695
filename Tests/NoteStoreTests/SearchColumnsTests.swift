import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Search over text, tags and titles")
struct SearchColumnsTests {
    static let notes = [
        note("the bit about cache stampedes", tags: ["caching", "idea"], at: 0, pin: episodePin(at: 754_321)),
        note("unpinned thought", tags: ["herd"], at: 1),
        note("waiting for its names", at: 2, pin: episodePin("jKhXScw0HeNK2DRf3vAwOi", named: false)),
    ]

    @Test("a store from before the tags and titles were indexed finds its notes by them once opened")
    func migratedStore() throws {
        let store = try NoteDatabase(path: try storeFile(at: "v11", holding: Self.notes))
        #expect(try store.search("stampedes").map(\.note.id) == [Self.notes[0].id])
        #expect(try store.search("herd").map(\.note.id) == [Self.notes[1].id])
        #expect(try store.search("curiosity").map(\.note.id) == [Self.notes[0].id])
        #expect(try store.search("naming cache").map(\.note.id) == [Self.notes[0].id])
        #expect(try integrityProblems(store) == [])
    }

    @Test("tags, edits, names filled in later and deletes keep the index in step")
    func writesKeepStep() throws {
        let store = try NoteDatabase(path: try storeFile(at: "v11", holding: Self.notes))
        var edited = Self.notes[1]
        edited.tags = ["wildebeest"]
        try store.update(edited)
        #expect(try store.search("herd").isEmpty)
        #expect(try store.search("wildebeest").map(\.note.id) == [edited.id])
        let filled = try store.fillNames(from: EpisodeInfo(id: "jKhXScw0HeNK2DRf3vAwOi", name: "Ep. 44 — The joy of deleting code",
                                                           showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Craft, Code & Curiosity"))
        #expect(filled == 1)
        #expect(try store.search("deleting").map(\.note.id) == [Self.notes[2].id])
        try store.delete(id: Self.notes[0].id)
        #expect(try store.search("caching").isEmpty)
        let added = note("fresh", tags: ["later"], at: 9, pin: episodePin())
        try store.insert(added)
        #expect(try store.search("later naming").map(\.note.id) == [added.id])
        #expect(try integrityProblems(store) == [])
    }

    @Test("a match in the text ranks above one in the tags, and that above one in a title; equal matches newest first")
    func columnOrder() throws {
        let store = try NoteDatabase.inMemory()
        let title = note("one", at: 0, pin: episodePin())
        let tag = note("two", tags: ["naming"], at: 1)
        let text = note("naming three", at: 2)
        let twins = [note("twin naming", at: 3), note("twin naming", at: 4)]
        for each in [title, tag, text] + twins { try store.insert(each) }
        #expect(try store.search("naming").map(\.note.id) == [twins[1].id, twins[0].id, text.id, tag.id, title.id])
    }
}
