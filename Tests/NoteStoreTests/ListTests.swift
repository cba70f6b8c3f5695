import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Listing notes")
struct ListTests {
    static let episodeA = "512ojhOuo1ktJprKbVcKyQ"
    static let episodeB = "7makk4oTQel546B0PZlDM5"
    static let otherShow = "2mTUnDkuKUkhiueKcVWoP0"

    /// Notes spread over two episodes of one show, one of another show, unpinned ones, and tags.
    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        let notes = [
            note("A late", id: "a3", tags: ["idea"], at: 10, pin: episodePin(episodeA, at: 900_000)),
            note("A early", id: "a1", at: 30, pin: episodePin(episodeA, at: 60_000)),
            note("A middle", id: "a2", tags: ["idea", "todo"], at: 20, pin: episodePin(episodeA, at: 300_000)),
            note("A middle again", id: "a4", at: 40, pin: episodePin(episodeA, at: 300_000)),
            note("B only", id: "b1", at: 50, pin: episodePin(episodeB, at: 1000)),
            note("other show", id: "c1", tags: ["todo"], at: 60, pin: episodePin("0000000000000000000000", show: otherShow)),
            note("unpinned old", id: "u1", at: 0),
            note("unpinned new", id: "u2", tags: ["idea"], at: 70),
        ]
        for each in notes { try store.insert(each) }
        return store
    }

    @Test("with no filter, newest first")
    func newestFirst() throws {
        let ids = try Self.store().notes().map(\.id)
        #expect(ids == ["u2", "c1", "b1", "a4", "a1", "a2", "a3", "u1"])
    }

    @Test("by episode, in playback order, equal positions by creation")
    func byEpisode() throws {
        let ids = try Self.store().notes(NoteFilter(itemID: Self.episodeA)).map(\.id)
        #expect(ids == ["a1", "a2", "a4", "a3"])
    }

    @Test("filters by show, tag, since, pinned, and limit, together too")
    func filters() throws {
        let store = try Self.store()
        #expect(try store.notes(NoteFilter(showID: Self.otherShow)).map(\.id) == ["c1"])
        #expect(try store.notes(NoteFilter(showID: "5CfCWKI5pZ28U0uOzXkDHe")).map(\.id) == ["b1", "a4", "a1", "a2", "a3"])
        #expect(try store.notes(NoteFilter(tag: "idea")).map(\.id) == ["u2", "a2", "a3"])
        #expect(try store.notes(NoteFilter(tag: "nope")).isEmpty)
        #expect(try store.notes(NoteFilter(since: moment(50))).map(\.id) == ["u2", "c1", "b1"])
        #expect(try store.notes(NoteFilter(since: moment(50.0004))).map(\.id) == ["u2", "c1"])
        #expect(try store.notes(NoteFilter(pinned: false)).map(\.id) == ["u2", "u1"])
        #expect(try store.notes(NoteFilter(pinned: true)).count == 6)
        #expect(try store.notes(NoteFilter(limit: 2)).map(\.id) == ["u2", "c1"])
        #expect(try store.notes(NoteFilter(limit: 0)).isEmpty)
        #expect(try store.notes(NoteFilter(limit: -1)).isEmpty)
        #expect(try store.notes(NoteFilter(itemID: Self.episodeA, tag: "idea", limit: 1)).map(\.id) == ["a2"])
        #expect(try store.notes(NoteFilter(tag: "idea", pinned: true)).map(\.id) == ["a2", "a3"])
        #expect(try store.count(NoteFilter(tag: "todo")) == 2)
    }

    @Test("listed notes carry their tags")
    func tagsInLists() throws {
        let notes = try Self.store().notes(NoteFilter(itemID: Self.episodeA))
        #expect(notes.map(\.tags) == [[], ["idea", "todo"], [], ["idea"]])
    }

    @Test("forEachNote streams the same notes in the same order")
    func streaming() throws {
        let store = try Self.store()
        for filter in [NoteFilter(), NoteFilter(itemID: Self.episodeA), NoteFilter(tag: "idea", limit: 2)] {
            var seen: [Note] = []
            try store.forEachNote(filter) { seen.append($0) }
            #expect(seen == (try store.notes(filter)))
        }
    }

    @Test("forEachNote stops at the first error its body throws")
    func streamingStops() throws {
        struct Stop: Error {}
        let store = try Self.store()
        var seen = 0
        #expect(throws: Stop.self) {
            try store.forEachNote(NoteFilter()) { _ in
                seen += 1
                if seen == 3 { throw Stop() }
            }
        }
        #expect(seen == 3)
    }
}
