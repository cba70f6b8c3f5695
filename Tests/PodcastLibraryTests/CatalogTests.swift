import Foundation
import NoteStore
import PodcastLibrary
import SpotifyClient
import TestSupport
import Testing

@Suite("what only Spotify knows: shows, saved items, development-mode fallbacks")
struct CatalogTests {
    static let show = "5CfCWKI5pZ28U0uOzXkDHe"
    static let episodes = ["512ojhOuo1ktJprKbVcKyQ", "4GI3dxEafwap1sFiTGPKd1", "7makk4oTQel546B0PZlDM5"]

    private func store() throws -> NoteDatabase {
        let database = try NoteDatabase(path: temporaryDirectory("podcastlibrary") + "/notes.sqlite")
        let pin = Pin(itemType: "episode", itemID: Self.episodes[0], itemURI: "spotify:episode:\(Self.episodes[0])",
                      showID: Self.show, progressMs: 1_000)
        try database.insert(Note(text: "a thought", pin: pin))
        return database
    }

    /// Pages of the three episodes the show has, as many as asked for.
    private static func showPages(_ path: String, _ query: [String: String]) -> TransportResponse {
        switch path {
        case "/v1/shows/\(show)":
            return .json(#"{"id":"\#(show)","name":"Craft, Code & Curiosity","publisher":"Lamplight Audio","total_episodes":3}"#)
        case "/v1/shows/\(show)/episodes":
            let offset = Int(query["offset"] ?? "0") ?? 0
            let limit = Int(query["limit"] ?? "20") ?? 20
            let items = episodes.dropFirst(offset).prefix(limit).map { SpotifyJSON.episode($0, name: "Episode \($0.prefix(4))") }
            let next = offset + items.count < episodes.count ? "\"https://api.spotify.test/next\"" : "null"
            return .json("{\"items\":[\(items.joined(separator: ","))],\"total\":3,\"offset\":\(offset),\"next\":\(next)}")
        default:
            return .json("{}", status: 404)
        }
    }

    @Test("a show's episodes up to the limit, with note counts, its name asked for once")
    func showEpisodes() async throws {
        let double = SpotifyDouble(Self.showPages)
        let library = PodcastLibrary(store: try store(), api: SpotifyDouble.api(double))
        let (name, listed) = try await library.showEpisodes(showID: Self.show, limit: 10)
        #expect(name == "Craft, Code & Curiosity")
        #expect(listed.map(\.episode.id) == Self.episodes)
        #expect(listed.map(\.notes) == [1, 0, 0])
        let (_, first) = try await library.showEpisodes(showID: Self.show, limit: 1)
        #expect(first.map(\.episode.id) == [Self.episodes[0]])
        #expect(await double.paths.filter { $0 == "/v1/shows/\(Self.show)" }.count == 1)
    }

    @Test("where batches are refused (development mode), episodes are fetched one by one")
    func oneByOne() async throws {
        let double = SpotifyDouble { path, _ in
            if path == "/v1/episodes" { return .json(#"{"error":{"status":403,"message":"Forbidden"}}"#, status: 403) }
            let id = String(path.dropFirst("/v1/episodes/".count))
            return .json(SpotifyJSON.episode(id, name: "Single"))
        }
        let library = PodcastLibrary(store: try store(), api: SpotifyDouble.api(double))
        let listing = try await library.annotatedEpisodes()
        #expect(listing.items.first?.episode.name == "Single")
        #expect(await double.paths == ["/v1/episodes", "/v1/episodes/\(Self.episodes[0])"])
    }

    @Test("saved episodes Spotify will not show are a warning, not a failure")
    func savedForbidden() async throws {
        let double = SpotifyDouble { path, query in
            switch path {
            case "/v1/episodes": .json(SpotifyJSON.episodes([SpotifyJSON.episode(query["ids"] ?? "", name: "Noted")]))
            case "/v1/me/episodes": .json(#"{"error":{"status":403,"message":"Insufficient client scope"}}"#, status: 403)
            default: .json("{}", status: 404)
            }
        }
        let library = PodcastLibrary(store: try store(), api: SpotifyDouble.api(double))
        let listing = try await library.yourEpisodes(limit: nil, refresh: false)
        #expect(listing.items.map(\.episode.name) == ["Noted"])
        #expect(listing.warning?.contains("margin login") == true)
    }

    @Test("what needs Spotify says so without a login")
    func needsLogin() async throws {
        let library = PodcastLibrary(store: try store(), api: nil)
        await #expect(throws: SpotifyError.notLoggedIn) { try await library.savedShows() }
        await #expect(throws: SpotifyError.notLoggedIn) { try await library.search("naming", types: [.show], limit: 5) }
    }
}
