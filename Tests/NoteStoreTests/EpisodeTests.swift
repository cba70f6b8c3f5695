import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Episode cache")
struct EpisodeTests {
    static let episode = EpisodeInfo(
        id: "512ojhOuo1ktJprKbVcKyQ", name: "Ep. 42 — Naming things", showID: "5CfCWKI5pZ28U0uOzXkDHe",
        showName: "Craft, Code & Curiosity", durationMs: 3_723_000, releaseDate: "2026-11-20",
        fetchedAt: moment(0.0004))

    @Test("caches an episode, replaces it, and reports unknown ones as nil")
    func cache() throws {
        let store = try NoteDatabase.inMemory()
        #expect(try store.episode(id: Self.episode.id) == nil)
        try store.cacheEpisode(Self.episode)
        #expect(try store.episode(id: Self.episode.id) == Self.episode)
        var renamed = Self.episode
        renamed.name = "Ep. 42 — Naming things (remastered)"
        renamed.releaseDate = nil
        try store.cacheEpisode(renamed)
        #expect(try store.episode(id: Self.episode.id) == renamed)
    }

    @Test("fillNames completes offline pins of that episode only, and keeps what is set")
    func fillNames() throws {
        let store = try NoteDatabase.inMemory()
        let offline = note("taken offline", pin: episodePin(named: false))
        var partial = episodePin(named: false)
        partial.itemName = "My own title"
        let named = note("named by me", pin: partial)
        let other = note("other episode", pin: episodePin("7makk4oTQel546B0PZlDM5", named: false))
        let unpinned = note("unpinned")
        for each in [offline, named, other, unpinned] { try store.insert(each) }

        #expect(try store.fillNames(from: Self.episode) == 2)

        let filled = try #require(try store.note(id: offline.id).pin)
        #expect(filled == episodePin())
        #expect(try store.note(id: offline.id).updatedAt == offline.updatedAt)
        #expect(try store.note(id: named.id).pin?.itemName == "My own title")
        #expect(try store.note(id: named.id).pin?.showName == "Craft, Code & Curiosity")
        #expect(try store.note(id: other.id) == other)
        #expect(try store.note(id: unpinned.id) == unpinned)
        #expect(try store.notes(NoteFilter(showID: "5CfCWKI5pZ28U0uOzXkDHe")).count == 2)
        #expect(try store.fillNames(from: Self.episode) == 0)
    }
}
