import Foundation
import NoteStore
import PodcastLibrary
import SpotifyClient
import TestSupport
import Testing

@Suite("episodes with notes")
struct AnnotatedEpisodesTests {
    static let first = "512ojhOuo1ktJprKbVcKyQ"
    static let second = "4GI3dxEafwap1sFiTGPKd1"

    /// A store in a fresh file with a note on each of the two episodes, the second newer.
    private func store() throws -> NoteDatabase {
        let path = try temporaryDirectory("podcastlibrary") + "/notes.sqlite"
        let database = try NoteDatabase(path: path)
        for (offset, id) in [Self.first, Self.second].enumerated() {
            let pin = Pin(itemType: "episode", itemID: id, itemURI: "spotify:episode:\(id)", progressMs: 60_000)
            try database.insert(Note(text: "note \(offset)", createdAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(offset)), pin: pin))
        }
        return database
    }

    private static func answers(_ path: String, _ query: [String: String]) -> TransportResponse {
        guard path == "/v1/episodes" else { return .json("{}", status: 404) }
        let ids = (query["ids"] ?? "").split(separator: ",").map(String.init)
        return .json(SpotifyJSON.episodes(ids.map { id in
            id == first ? SpotifyJSON.episode(id, name: "Ep. 42 — Naming things", resumeMs: 754_000) : nil
        }))
    }

    @Test("asks Spotify once, in one batch, and fills the notes' names")
    func fetchesInOneBatch() async throws {
        let database = try store()
        let double = SpotifyDouble(Self.answers)
        let library = PodcastLibrary(store: database, api: SpotifyDouble.api(double), market: "DE")
        let listing = try await library.annotatedEpisodes()
        #expect(listing.warning == nil)
        #expect(listing.items.map(\.episode.id) == [Self.second, Self.first])
        #expect(await double.paths == ["/v1/episodes"])
        let query = try #require(await double.sent.first?.url.query)
        #expect(query.contains("market=DE"))
        let named = try #require(listing.items.last)
        #expect(named.episode.name == "Ep. 42 — Naming things" && named.episode.resumePositionMs == 754_000)
        #expect(named.notes == 1)
        #expect(try database.notes(NoteFilter(itemID: Self.first)).first?.pin?.itemName == "Ep. 42 — Naming things")
    }

    @Test("an episode Spotify answers null for is kept as not in the market")
    func notInMarket() async throws {
        let library = PodcastLibrary(store: try store(), api: SpotifyDouble.api(SpotifyDouble(Self.answers)))
        let listing = try await library.annotatedEpisodes()
        let missing = try #require(listing.items.first { $0.episode.id == Self.second })
        #expect(!missing.episode.available)
    }

    @Test("within maxAge the cache answers and Spotify is not asked again")
    func cacheAnswers() async throws {
        let database = try store()
        let double = SpotifyDouble(Self.answers)
        var clock = Date(timeIntervalSince1970: 1_795_000_100)
        let library = PodcastLibrary(store: database, api: SpotifyDouble.api(double), now: { [clock] in clock })
        _ = try await library.annotatedEpisodes()
        _ = try await library.annotatedEpisodes()
        #expect(await double.sent.count == 1)
        _ = try await library.annotatedEpisodes(refresh: true)
        #expect(await double.sent.count == 2)
        clock = clock.addingTimeInterval(PodcastLibrary.defaultMaxAge + 1)
        let later = PodcastLibrary(store: database, api: SpotifyDouble.api(double), now: { [clock] in clock })
        _ = try await later.annotatedEpisodes()
        #expect(await double.sent.count == 3)
    }

    @Test("without a login the store answers, with a warning that says why")
    func offline() async throws {
        let library = PodcastLibrary(store: try store(), api: nil)
        let listing = try await library.annotatedEpisodes()
        #expect(listing.items.count == 2)
        #expect(listing.warning?.hasPrefix("not logged in") == true)
    }

    @Test("a rate limit past the retries is offline; a bad request is not")
    func offlineErrors() {
        #expect(PodcastLibrary.isOffline(SpotifyError.notLoggedIn))
        #expect(PodcastLibrary.isOffline(SpotifyError.timeout(endpoint: "GET /episodes", seconds: 10)))
        #expect(!PodcastLibrary.isOffline(SpotifyError.forbidden("no")))
        #expect(!PodcastLibrary.isOffline(NoteStoreError.notFound("x")))
    }

    @Test("episodes and shows link to open.spotify.com")
    func links() async throws {
        let library = PodcastLibrary(store: try store(), api: nil)
        let listing = try await library.annotatedEpisodes()
        #expect(listing.items.last?.link == "https://open.spotify.com/episode/\(Self.first)")
    }
}
