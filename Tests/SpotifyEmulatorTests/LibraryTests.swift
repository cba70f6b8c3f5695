import Foundation
import SpotifyEmulator
import Testing

@Suite("Library scenarios and batch look-ups")
struct LibraryTests {
    static let naming = "512ojhOuo1ktJprKbVcKyQ"
    static let errors = "3EN0073pWBRaBavYtttD1S"

    @Test("GET /episodes?ids= answers in the order asked, null for unknown and unavailable ids")
    func batch() async throws {
        let scenario = Scenario(library: .init(resumePoints: [Self.errors: .init(positionMs: 90_000)],
                                               unavailableEpisodes: [Self.naming]))
        try await withEmulator(scenario) { _, client in
            let token = try await client.login().access
            let ids = [Self.errors, "0000000000000000000000", Self.naming]
            let reply = try #require(try await client.get("/v1/episodes?ids=\(ids.joined(separator: ","))", token: token).object)
            let episodes = try #require(reply["episodes"] as? [Any])
            #expect(episodes.count == 3)
            let first = try #require(episodes[0] as? [String: Any])
            #expect(first["id"] as? String == Self.errors)
            #expect((first["show"] as? [String: Any])?["name"] as? String == "Craft, Code & Curiosity")
            #expect((first["resume_point"] as? [String: Any])?["resume_position_ms"] as? Int == 90_000)
            #expect(episodes[1] is NSNull)
            #expect(episodes[2] is NSNull)
            let alone = try await client.get("/v1/episodes/\(Self.naming)", token: token)
            #expect(alone.status == 404)

            let many = Array(repeating: Self.errors, count: 51).joined(separator: ",")
            let tooMany = try await client.get("/v1/episodes?ids=\(many)", token: token)
            #expect(tooMany.status == 400)
            #expect(tooMany.errorMessage == "Too many ids requested")
            let malformed = try await client.get("/v1/episodes?ids=\(Self.errors),nope", token: token)
            #expect(malformed.status == 400)
            #expect(malformed.errorMessage == "Invalid base62 id")
            let missing = try await client.get("/v1/episodes", token: token)
            #expect(missing.status == 400)
        }
    }

    @Test("batch look-ups answer 403 for a development-mode app")
    func developmentMode() async throws {
        try await withEmulator(Scenario(library: .init(batchLookups: false))) { _, client in
            let token = try await client.login().access
            let reply = try await client.get("/v1/episodes?ids=\(Self.errors)", token: token)
            #expect(reply.status == 403)
            #expect(try await client.get("/v1/episodes/\(Self.errors)", token: token).status == 200)
        }
    }

    @Test("batch look-ups answer 404 where the scenario says so; single look-ups still answer")
    func batchNotFound() async throws {
        try await withEmulator(Scenario(library: .init(batchLookups: false, batchRefusal: 404))) { _, client in
            let token = try await client.login().access
            let reply = try await client.get("/v1/episodes?ids=\(Self.errors)", token: token)
            #expect(reply.status == 404)
            #expect(try await client.get("/v1/episodes/\(Self.errors)", token: token).status == 200)
        }
        let refusing = try JSONDecoder().decode(Scenario.self, from: Data(#"{"library": {"batch_refusal": 500}}"#.utf8))
        #expect(throws: ScenarioError("library.batch_refusal must be 403 or 404, got 500")) { try refusing.validate() }
    }

    @Test("generated shows are the same on every start, saved, and page through /me/shows")
    func generated() async throws {
        let scenario = Scenario(library: .init(generatedShows: 60, episodesPerShow: 3))
        let first = SpotifyEmulator(scenario: scenario)
        _ = try await first.start()
        let catalog = await first.currentCatalog()
        await first.stop()
        try await withEmulator(scenario) { emulator, client in
            #expect(await emulator.currentCatalog() == catalog)
            #expect(catalog.shows.count == 62)
            #expect(Set(catalog.shows.map(\.id)).count == 62)
            let episodes: Int = 9 + 180
            #expect(Set(catalog.shows.flatMap(\.episodes).map(\.id)).count == episodes)
            #expect(catalog.shows.allSatisfy { show in show.id.utf8.count == 22 && show.episodes.allSatisfy { $0.id.utf8.count == 22 } })
            #expect(catalog.shows.contains { $0.name.contains("東京") })
            let token = try await client.login().access
            let page = try #require(try await client.get("/v1/me/shows?limit=50&offset=50", token: token).object)
            #expect(page["total"] as? Int == 62)
            #expect((page["items"] as? [Any])?.count == 12)
            let generated = catalog.shows[2]
            let episode = try await client.get("/v1/episodes/\(generated.episodes[0].id)", token: token)
            #expect(episode.status == 200)
        }
    }

    @Test("a library naming unknown episodes or impossible sizes is refused")
    func validation() async throws {
        #expect(throws: ScenarioError.self) {
            try Scenario(library: .init(unavailableEpisodes: ["0000000000000000000000"])).validate()
        }
        #expect(throws: ScenarioError.self) {
            try Scenario(library: .init(resumePoints: [Self.errors: .init(positionMs: -1)])).validate()
        }
        #expect(throws: ScenarioError.self) {
            try Scenario(library: .init(generatedShows: 1_000, episodesPerShow: 500)).validate()
        }
        let json = #"{"library":{"generated_shows":2,"resume_points":{"3EN0073pWBRaBavYtttD1S":{"fully_played":true}}}}"#
        let decoded = try JSONDecoder().decode(Scenario.self, from: Data(json.utf8))
        #expect(decoded.library.generatedShows == 2)
        #expect(decoded.library.episodesPerShow == 20)
        #expect(decoded.library.resumePoints[Self.errors] == .init(positionMs: 0, fullyPlayed: true))
        try decoded.validate()
    }
}
