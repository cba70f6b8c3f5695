import Foundation
import SpotifyEmulator
import Testing

@Suite("Response shapes match the recorded Spotify responses")
struct ShapeTests {
    /// An endpoint and the fixture its answer must look like.
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var fixture: String
        var testDescription: String { "\(path) ~ \(fixture)" }
    }

    static let cases: [Case] = [
        Case(path: "/v1/me/player/currently-playing?additional_types=episode", fixture: "currently-playing/java-episode.json"),
        Case(path: "/v1/me/player?additional_types=episode", fixture: "player-state/java-episode.json"),
        Case(path: "/v1/me/player/devices", fixture: "devices/java-devices.json"),
        Case(path: "/v1/episodes/512ojhOuo1ktJprKbVcKyQ", fixture: "episodes/java-episode.json"),
        Case(path: "/v1/shows/5CfCWKI5pZ28U0uOzXkDHe", fixture: "shows/java-show.json"),
        Case(path: "/v1/shows/5CfCWKI5pZ28U0uOzXkDHe/episodes?offset=1&limit=2", fixture: "show-episodes/java-show-episodes.json"),
        Case(path: "/v1/me", fixture: "me/java-me.json"),
        Case(path: "/v1/me/shows", fixture: "saved/java-saved-shows.json"),
        Case(path: "/v1/me/episodes", fixture: "saved/java-saved-episodes.json"),
        Case(path: "/v1/search?q=naming&type=episode", fixture: "search/java-search-episodes.json"),
        Case(path: "/v1/search?q=craft&type=show", fixture: "search/java-search-shows.json"),
    ]

    @Test("the emulator's answer has the fixture's keys and nesting", arguments: cases)
    func shape(_ testCase: Case) async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let reply = try await client.get(testCase.path, token: token)
            #expect(reply.status == 200)
            let actual = try #require(reply.object)
            let expected = try Fixtures.object(testCase.fixture)
            #expect(Fixtures.shapeDifferences(actual, expected) == [])
            #expect(Set(actual.keys).union(Fixtures.drift).isSuperset(of: Set(expected.keys)))
        }
    }

    @Test("a track plays with the keys of the recorded track responses")
    func trackShape() async throws {
        let playback = Scenario.Playback(kind: .track, id: "SsCvVfASeDQjBKYSTL3Snb", progressMs: 1000, isPlaying: true)
        try await withEmulator(Scenario(playback: playback)) { _, client in
            let token = try await client.login().access
            let playing = try #require(try await client.get("/v1/me/player/currently-playing", token: token).object)
            #expect(Fixtures.shapeDifferences(playing, try Fixtures.object("currently-playing/java-track.json")) == [])
            let state = try #require(try await client.get("/v1/me/player", token: token).object)
            #expect(Fixtures.shapeDifferences(state, try Fixtures.object("player-state/java-track.json")) == [])
        }
    }

    @Test("/me leaves product out when the scenario has none")
    func meWithoutProduct() async throws {
        try await withEmulator(Scenario(user: .init(product: nil))) { _, client in
            let token = try await client.login().access
            let me = try #require(try await client.get("/v1/me", token: token).object)
            #expect(me["product"] == nil)
            #expect(me["id"] as? String == "margin-listener")
            #expect(me["email"] == nil && me["country"] == nil)
        }
    }
}
