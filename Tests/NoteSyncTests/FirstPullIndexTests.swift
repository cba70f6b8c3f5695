import Foundation
import NoteStore
import NoteTransfer
import TestSupport
import Testing
@testable import NoteSync

/// A first pull writes its pages without the listing indexes and builds them once at its end
/// (see the store's `enterBulkPull(incoming:)`).
@Suite("the listing indexes a first pull builds once, at its end")
struct FirstPullIndexTests {
    static let episode = "512ojhOuo1ktJprKbVcKyQ"

    func record(_ note: Note) -> NoteDatabase.HubRecord {
        let hlc = HybridTimestamp(wallMs: 1_767_225_600_001, counter: 0, node: "0000000000000000").description
        return .init(id: note.id, hlc: hlc, parts: [hlc, hlc, hlc], body: NoteEncoding.object(note))
    }

    /// A store in a folder of its own, and the folder.
    func fileStore() throws -> (NoteDatabase, String) {
        let folder = try temporaryDirectory("margin-first-pull")
        return (try NoteDatabase(path: folder + "/notes.sqlite"), folder)
    }

    /// `count` notes, every third pinned to one episode at a falling position, every fifth tagged.
    func notes(_ count: Int) -> [Note] {
        (0..<count).map { index in
            let pin = index % 3 == 0
                ? Pin(itemType: "episode", itemID: Self.episode, itemURI: "spotify:episode:\(Self.episode)", itemName: "Ep. 42",
                      showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Craft", progressMs: (count - index) * 1000, durationMs: nil)
                : nil
            return Note(text: "pulled \(index)", tags: index % 5 == 0 ? ["fifth"] : [], pin: pin)
        }
    }

    @Test("pages written without them, built at the end: listings by episode, show and tag answer as before, a search between pages too")
    func builtAtTheEnd() throws {
        let (store, folder) = try fileStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = notes(15_000)
        #expect(try store.enterBulkPull(incoming: 15_000))
        for start in stride(from: 0, to: notes.count, by: 5_000) {
            // The first page is written in bulk (5 000 into an empty store), the others row by row.
            let page = notes[start..<start + 5_000].map(record)
            _ = try store.apply(page, versions: [], cursor: ["note_seq": String(start + 5_000)])
            #expect(try store.missingListingIndexes().count == 4, "page at \(start): the listing indexes stay out")
            if start == 0 {
                #expect(try store.searchCount("pulled") == 5_000, "a search between pages builds the index from what is there")
            }
        }
        store.leaveBulkPull()
        #expect(try store.missingListingIndexes().isEmpty)
        #expect(try store.searchCount("pulled") == 15_000, "the pages after that search kept the index")
        let episode = try store.notes(NoteFilter(itemID: Self.episode))
        #expect(episode.count == 5_000)
        #expect(episode.map { $0.pin?.progressMs ?? 0 } == episode.map { $0.pin?.progressMs ?? 0 }.sorted(), "in playback order")
        #expect(try store.notes(NoteFilter(showID: "5CfCWKI5pZ28U0uOzXkDHe")).count == 5_000)
        #expect(try store.notes(NoteFilter(tag: "fifth")).count == 3_000)
        let integrity = try store.integrity()
        #expect(integrity.problems.isEmpty, "\(integrity.problems)")
    }

    @Test("a first pull killed after a page leaves them out; the next pull builds them before it writes")
    func killedMidway() throws {
        let (store, folder) = try fileStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = notes(10_000)
        #expect(try store.enterBulkPull(incoming: 10_000))
        _ = try store.apply(notes[0..<5_000].map(record), versions: [], cursor: ["note_seq": "5000"])
        // The process ends here, before `leaveBulkPull()`; another one opens the file.
        let reopened = try NoteDatabase(path: folder + "/notes.sqlite")
        #expect(try reopened.missingListingIndexes().count == 4)
        #expect(try reopened.notes(NoteFilter(tag: "fifth")).count == 1_000, "a listing still answers without them")
        #expect(try reopened.enterBulkPull(incoming: 5_000) == false, "the rest is no first pull beside 5 000 notes")
        #expect(try reopened.missingListingIndexes().isEmpty)
        _ = try reopened.apply(notes[5_000...].map(record), versions: [], cursor: ["note_seq": "10000"])
        #expect(try reopened.notes(NoteFilter(itemID: Self.episode)).count == 3_334)
        try reopened.buildLeftIndexes()
        let integrity = try reopened.integrity()
        #expect(integrity.problems.isEmpty, "\(integrity.problems)")
    }

    @Test("a sync's start builds what a killed first pull left out, before it reaches the hub")
    func builtBeforeTheNextSync() throws {
        let (store, folder) = try fileStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.enterBulkPull(incoming: 10_000))
        _ = try store.apply(notes(5_000).map(record), versions: [], cursor: ["note_seq": "5000"])
        #expect(try store.missingListingIndexes().count == 4)
        try store.buildListingIndexesIfLeft()
        #expect(try store.missingListingIndexes().isEmpty)
        try store.buildListingIndexesIfLeft()
    }

    @Test("the listing indexes left out are defined as the schema defines them")
    func definitions() throws {
        let (store, folder) = try fileStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, sql) in NoteDatabase.listingIndexes {
            #expect(try store.indexDefinition(name) == sql)
        }
    }

    @Test("a pull of a few notes, or into a store that holds many, keeps every index")
    func notAFirstPull() throws {
        let (store, folder) = try fileStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.enterBulkPull(incoming: 100) == false)
        #expect(try store.missingListingIndexes().isEmpty)
        #expect(try store.searchIndexIsBuilt())
    }
}
