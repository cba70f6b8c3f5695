import Foundation
import SpotifyEmulator
import Testing
@testable import SpotifyClient

@Suite("Catalog, library and search endpoints against the emulator")
struct CatalogEndpointTests {
    let catalog = CatalogSummary.builtIn

    @Test("an episode comes with its show and a link")
    func episode() async throws {
        let show = try #require(catalog.shows.first)
        let expected = try #require(show.episodes.first)
        try await LiveSpotify.run { live in
            let episode = try await live.api.episode(id: expected.id, market: "US")
            #expect(episode.id == expected.id && episode.name == expected.name && episode.durationMs == expected.durationMs)
            #expect(episode.uri == "spotify:episode:\(expected.id)")
            #expect(episode.showID == show.id && episode.showName == show.name)
            #expect(episode.releaseDate != nil && episode.releaseDatePrecision == "day")
            #expect(episode.link.absoluteString == "https://open.spotify.com/episode/\(expected.id)")
        }
    }

    @Test("a show has its name, publisher and episode count")
    func show() async throws {
        let expected = try #require(catalog.shows.last)
        try await LiveSpotify.run { live in
            let show = try await live.api.show(id: expected.id)
            #expect(show.id == expected.id && show.name == expected.name && show.uri == "spotify:show:\(expected.id)")
            #expect(show.totalEpisodes == expected.episodes.count)
        }
    }

    @Test("a show's episodes come a page at a time, each knowing its show")
    func showEpisodes() async throws {
        let show = try #require(catalog.shows.first)
        try await LiveSpotify.run { live in
            let page = try await live.api.showEpisodes(id: show.id, limit: 2, offset: 1)
            #expect(page.items.map(\.id) == show.episodes.dropFirst().prefix(2).map(\.id))
            #expect(page.items.allSatisfy { $0.showID == show.id })
            #expect(page.total == show.episodes.count && page.offset == 1 && page.limit == 2 && page.hasMore)
            await live.emulator.clearRequestLog()
            let all = try await live.api.showEpisodes(id: show.id, limit: 500)
            #expect(all.items.count == show.episodes.count && !all.hasMore)
            #expect(try #require(await live.apiRequests().last).query == "limit=50&offset=0")
        }
    }

    @Test("saved shows and saved episodes list the library")
    func saved() async throws {
        try await LiveSpotify.run { live in
            let shows = try await live.api.savedShows()
            #expect(Set(shows.items.map(\.id)) == Set(catalog.shows.map(\.id)))
            #expect(!shows.hasMore)
            let episodes = try await live.api.savedEpisodes(limit: 1)
            #expect(episodes.items.count == 1 && episodes.total == 2 && episodes.hasMore)
            #expect(episodes.items.allSatisfy { $0.showID != nil && $0.showName != nil })
        }
    }

    @Test("search finds episodes and shows, asking for at most 10 of each")
    func search() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            let results = try await live.api.search("code", types: [.show, .episode], limit: 50)
            #expect(results.shows.map(\.id) == ["5CfCWKI5pZ28U0uOzXkDHe"])
            #expect(results.episodes.contains { $0.id == "jKhXScw0HeNK2DRf3vAwOi" })
            let query = FormEncoding.decode(try #require(await live.apiRequests().last).query)
            #expect(query["limit"] == "10" && query["type"] == "episode,show" && query["q"] == "code")
            let showsOnly = try await live.api.search("sea", types: [.show], limit: 3)
            #expect(showsOnly.episodes.isEmpty && showsOnly.shows.map(\.id) == ["ads9hyzqka3LUOdrkpxYwu"])
        }
    }

    @Test("an id that is not 22 base62 characters is refused before any request")
    func invalidIDs() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            await #expect(throws: SpotifyError.notFound(endpoint: "GET /episodes/../me")) {
                _ = try await live.api.episode(id: "../me")
            }
            await #expect(throws: SpotifyError.notFound(endpoint: "GET /shows/abc")) { _ = try await live.api.show(id: "abc") }
            await #expect(throws: SpotifyError.notFound(endpoint: "GET /shows/5CfCWKI5pZ28U0uOzX#He?x/episodes")) {
                _ = try await live.api.showEpisodes(id: "5CfCWKI5pZ28U0uOzX#He\nx")
            }
            #expect(await live.apiRequests().isEmpty)
        }
    }

    @Test("a well-formed id Spotify does not know is notFound from Spotify")
    func unknownID() async throws {
        _ = try await LiveSpotify.run { live in
            await #expect(throws: SpotifyError.notFound(endpoint: "GET /episodes/AAAAAAAAAAAAAAAAAAAAAA")) {
                _ = try await live.api.episode(id: "AAAAAAAAAAAAAAAAAAAAAA")
            }
        }
    }
}
