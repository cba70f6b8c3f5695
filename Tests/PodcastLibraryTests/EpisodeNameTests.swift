import Foundation
import NoteStore
import PodcastLibrary
import SpotifyClient
import TestSupport
import Testing

/// The name "Playing …" shows: what the cache or the notes know first, Spotify only when
/// neither knows the episode.
@Suite("an episode's name")
struct EpisodeNameTests {
    static let named = "512ojhOuo1ktJprKbVcKyQ"
    static let unnamed = "kODGd9wu8KuW6Hyt1HWbbN"

    /// A store with a note on `named` that carries its name, and one on `unnamed` that does not.
    private func store() throws -> NoteDatabase {
        let path = try temporaryDirectory("podcastlibrary") + "/notes.sqlite"
        let database = try NoteDatabase(path: path)
        try database.insert(Note(text: "names", createdAt: Date(timeIntervalSince1970: 1_795_000_000),
                                 pin: Pin(itemType: "episode", itemID: Self.named, itemURI: "spotify:episode:\(Self.named)",
                                          itemName: "Ep. 42 — Naming things", progressMs: 60_000)))
        try database.insert(Note(text: "keepers", createdAt: Date(timeIntervalSince1970: 1_795_000_001),
                                 pin: Pin(itemType: "episode", itemID: Self.unnamed, itemURI: "spotify:episode:\(Self.unnamed)",
                                          progressMs: 60_000)))
        return database
    }

    private static func answers(_ path: String, _ query: [String: String]) -> TransportResponse {
        switch path {
        case "/v1/episodes/\(unnamed)": .json(SpotifyJSON.episode(unnamed, name: "The lighthouse keepers' logbooks"))
        case "/v1/episodes/0000000000000000000000": .json(#"{"error":{"status":404,"message":"Non existing id"}}"#, status: 404)
        default: .json(#"{"error":{"status":403,"message":"Forbidden"}}"#, status: 403)
        }
    }

    @Test("a name the notes carry answers without a request; the cache's comes first")
    func fromTheStore() async throws {
        let database = try store()
        let double = SpotifyDouble(Self.answers)
        let library = PodcastLibrary(store: database, api: SpotifyDouble.api(double))
        #expect(try await library.episodeName(Self.named) == "Ep. 42 — Naming things")
        #expect(try await library.episodeName(Self.named, known: "from the pin") == "from the pin")
        try database.cacheEpisodes([EpisodeInfo(id: Self.named, name: "Ep. 42 — Naming things (remastered)", fetchedAt: .distantPast)])
        #expect(try await library.episodeName(Self.named, known: "from the pin") == "Ep. 42 — Naming things (remastered)")
        #expect(try library.knownEpisodeName(Self.unnamed) == nil)
        #expect(await double.sent.isEmpty)
    }

    @Test("an episode nothing names is asked of Spotify once: cached, and its notes get the name")
    func askedOnce() async throws {
        let database = try store()
        let double = SpotifyDouble(Self.answers)
        let library = PodcastLibrary(store: database, api: SpotifyDouble.api(double))
        #expect(try await library.episodeName(Self.unnamed) == "The lighthouse keepers' logbooks")
        #expect(try await library.episodeName(Self.unnamed) == "The lighthouse keepers' logbooks")
        #expect(await double.paths == ["/v1/episodes/\(Self.unnamed)"])
        #expect(try database.notes(NoteFilter(itemID: Self.unnamed)).first?.pin?.itemName == "The lighthouse keepers' logbooks")
    }

    @Test("an episode Spotify does not have is an error; a refusal leaves the name unknown")
    func failures() async throws {
        let library = PodcastLibrary(store: try store(), api: SpotifyDouble.api(SpotifyDouble(Self.answers)))
        await #expect(throws: SpotifyError.self) { try await library.episodeName("0000000000000000000000") }
        #expect(try await library.episodeName("M9txf31enTLL8Dic0CkXp0") == nil)
        let offline = PodcastLibrary(store: try store(), api: nil)
        await #expect(throws: SpotifyError.self) { try await offline.episodeName("M9txf31enTLL8Dic0CkXp0") }
        #expect(try await offline.episodeName(Self.named) == "Ep. 42 — Naming things")
    }
}
