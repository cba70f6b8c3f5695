import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Annotated episodes and the library cache")
struct LibraryStoreTests {
    static let other = "7makk4oTQel546B0PZlDM5"
    static let tidewater = "ads9hyzqka3LUOdrkpxYwu"

    /// Two notes on Ep. 42 (one early, one the newest of all), one on another show's episode,
    /// one on a track and one unpinned.
    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        var tidePin = episodePin(Self.other, show: Self.tidewater)
        tidePin.itemName = "Salt, cod and the first global trade"
        tidePin.showName = "Tidewater Histories"
        let track = Pin(itemType: "track", itemID: "SsCvVfASeDQjBKYSTL3Snb", itemURI: "spotify:track:SsCvVfASeDQjBKYSTL3Snb",
                        itemName: "Quiet Hours", progressMs: 1_000)
        for each in [
            note("first on 42", at: 0, pin: episodePin(at: 60_000)),
            note("on tidewater", at: 10, pin: tidePin),
            note("on a track", at: 20, pin: track),
            note("unpinned", at: 30),
            note("newest on 42", at: 40, pin: episodePin(at: 30_000)),
        ] { try store.insert(each) }
        return store
    }

    @Test("episodes with notes come newest note first, with counts and first and last times; tracks are left out")
    func annotated() throws {
        let items = try Self.store().annotatedEpisodes()
        #expect(items.map(\.id) == ["512ojhOuo1ktJprKbVcKyQ", Self.other])
        #expect(items[0].notes == 2)
        #expect(items[0].firstNoteAt == NoteTimestamp.rounded(moment(0)))
        #expect(items[0].lastNoteAt == NoteTimestamp.rounded(moment(40)))
        #expect(items[0].name == "Ep. 42 — Naming things")
        #expect(items[1].showName == "Tidewater Histories")
        #expect(try Self.store().annotatedEpisodes(showID: Self.tidewater).map(\.id) == [Self.other])
        #expect(try Self.store().annotatedEpisodes(limit: 1).map(\.id) == ["512ojhOuo1ktJprKbVcKyQ"])
        #expect(try NoteDatabase.inMemory().annotatedEpisodes().isEmpty)
    }

    @Test("shows with notes are named by their newest note; counts skip ids without notes")
    func shows() throws {
        let store = try Self.store()
        let shows = try store.annotatedShows()
        #expect(shows.map(\.id) == ["5CfCWKI5pZ28U0uOzXkDHe", Self.tidewater])
        #expect(shows.map(\.notes) == [2, 1])
        #expect(shows[0].name == "Craft, Code & Curiosity")
        #expect(try store.showName(id: Self.tidewater) == "Tidewater Histories")
        #expect(try store.showName(id: "0000000000000000000000") == nil)
        #expect(try store.noteCounts(shows: [Self.tidewater, "0000000000000000000000"]) == [Self.tidewater: 1])
        #expect(try store.noteCounts(episodes: ["512ojhOuo1ktJprKbVcKyQ", "512ojhOuo1ktJprKbVcKyQ"]) == ["512ojhOuo1ktJprKbVcKyQ": 2])
    }

    @Test("the cache keeps resume points, availability and shows, and replaces in one transaction")
    func cache() throws {
        let store = try NoteDatabase.inMemory()
        let played = EpisodeInfo(id: "512ojhOuo1ktJprKbVcKyQ", name: "Ep. 42", resumePositionMs: 0, fullyPlayed: true,
                                 fetchedAt: moment(1))
        let missing = EpisodeInfo(id: Self.other, name: "kept from the notes", available: false, fetchedAt: moment(2))
        try store.cacheEpisodes([played, missing])
        let cached = try store.cachedEpisodes([played.id, missing.id, "0000000000000000000000"])
        #expect(cached == [played.id: played, missing.id: missing])
        var resumed = played
        resumed.resumePositionMs = 754_000
        resumed.fullyPlayed = false
        try store.cacheEpisodes([resumed])
        #expect(try store.episode(id: played.id) == resumed)

        let show = ShowInfo(id: Self.tidewater, name: "Tidewater Histories", totalEpisodes: 4, fetchedAt: moment(3))
        try store.cacheShows([show])
        #expect(try store.show(id: Self.tidewater) == show)
        #expect(try store.show(id: "5CfCWKI5pZ28U0uOzXkDHe") == nil)
    }
}
