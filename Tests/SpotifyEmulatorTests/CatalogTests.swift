import Foundation
import SpotifyEmulator
import Testing

@Suite("Catalog endpoints")
struct CatalogTests {
    @Test("an episode carries its show; ids are checked for form, then for existence")
    func episodes() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let episode = try #require(try await client.get("/v1/episodes/512ojhOuo1ktJprKbVcKyQ", token: token).object)
            #expect(episode["name"] as? String == "Ep. 42 — Naming things")
            #expect((episode["show"] as? [String: Any])?["id"] as? String == "5CfCWKI5pZ28U0uOzXkDHe")
            let missing = try await client.get("/v1/episodes/0000000000000000000000", token: token)
            #expect(missing.status == 404)
            #expect(missing.errorMessage == "Resource not found")
            let malformed = try await client.get("/v1/episodes/not-an-id", token: token)
            #expect(malformed.status == 400)
            #expect(malformed.errorMessage == "Invalid base62 id")
        }
    }

    @Test("show episodes page with limit and offset, and refuse a limit over 50")
    func showEpisodesPaging() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let page = try #require(try await client.get("/v1/shows/5CfCWKI5pZ28U0uOzXkDHe/episodes?limit=2&offset=1", token: token).object)
            #expect(page["total"] as? Int == 5)
            #expect((page["items"] as? [Any])?.count == 2)
            #expect(page["next"] is String)
            #expect(page["previous"] is String)
            let bad = try await client.get("/v1/shows/5CfCWKI5pZ28U0uOzXkDHe/episodes?limit=51", token: token)
            #expect(bad.status == 400)
            #expect(bad.errorMessage == "Invalid limit")
        }
    }

    @Test("search matches names case-insensitively and allows at most 10 results")
    func search() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let found = try #require(try await client.get("/v1/search?q=NAMING%20things&type=episode,show", token: token).object)
            let episodes = try #require((found["episodes"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(episodes.map { $0["id"] as? String } == ["512ojhOuo1ktJprKbVcKyQ"])
            #expect(((found["shows"] as? [String: Any])?["items"] as? [Any])?.isEmpty == true)
            let tooMany = try await client.get("/v1/search?q=a&type=episode&limit=11", token: token)
            #expect(tooMany.status == 400)
            #expect(tooMany.errorMessage == "Invalid limit")
        }
    }

    @Test("saved shows and episodes are paging objects of added_at items")
    func library() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let shows = try #require(try await client.get("/v1/me/shows", token: token).object?["items"] as? [[String: Any]])
            #expect(shows.count == 2)
            #expect(shows.allSatisfy { $0["added_at"] is String && $0["show"] is [String: Any] })
            let episodes = try #require(try await client.get("/v1/me/episodes?limit=1", token: token).object)
            #expect(episodes["total"] as? Int == 2)
            #expect((episodes["items"] as? [[String: Any]])?.first?["episode"] is [String: Any])
        }
    }

    @Test("the built-in catalog has two shows of 4–6 episodes lasting 20–90 minutes, and tracks")
    func builtInCatalog() async throws {
        let catalog = SpotifyEmulator().catalog
        #expect(catalog.shows.count == 2)
        #expect(catalog.tracks.count >= 2)
        for show in catalog.shows {
            #expect((4...6).contains(show.episodes.count))
            for episode in show.episodes {
                #expect((1_200_000...5_400_000).contains(episode.durationMs))
                #expect(episode.id.count == 22)
            }
        }
        let craft = try #require(catalog.shows.first { $0.id == "5CfCWKI5pZ28U0uOzXkDHe" })
        #expect(craft.name == "Craft, Code & Curiosity")
    }
}
