import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// The built-in catalog's ids the library tests name.
enum Catalog {
    static let craft = "5CfCWKI5pZ28U0uOzXkDHe"
    static let tidewater = "ads9hyzqka3LUOdrkpxYwu"
    static let naming = "512ojhOuo1ktJprKbVcKyQ"
    static let deleting = "jKhXScw0HeNK2DRf3vAwOi"
    static let errors = "3EN0073pWBRaBavYtttD1S"

    /// Three annotated episodes: "Naming things" with two notes (the newest), "Error messages"
    /// with one, "Deleting code" with one (the oldest).
    static let notes = [
        SeedNote(episode: naming, show: craft, showName: "Craft, Code & Curiosity", episodeName: "Ep. 42 — Naming things", minute: 50),
        SeedNote(episode: naming, show: craft, showName: "Craft, Code & Curiosity", episodeName: "Ep. 42 — Naming things",
                 progressMs: 120_000, minute: 60),
        SeedNote(episode: errors, show: craft, showName: "Craft, Code & Curiosity", episodeName: "Ep. 43 — Error messages are UI", minute: 40),
        SeedNote(episode: deleting, show: craft, showName: "Craft, Code & Curiosity", episodeName: "Ep. 44 — The joy of deleting code", minute: 30),
    ]

    /// Where the listener stopped: half-way through "Error messages", "Deleting code" finished.
    static let library = Scenario.Library(resumePoints: [
        errors: .init(positionMs: 1_000_000), deleting: .init(positionMs: 0, fullyPlayed: true),
    ])
}

@Suite("margin episodes")
struct LibraryEpisodesTests {
    /// Nothing playing, so the live player does not move a resume point under the test.
    static func scenario(_ library: Scenario.Library = Catalog.library) -> Scenario {
        Scenario(playback: .nothing, library: library)
    }

    @Test("--annotated lists episodes newest note first with counts and resume points, in one batch request, then none")
    func annotated() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario())) { sandbox in
            try await sandbox.seed(Catalog.notes)
            await sandbox.emulator.clearRequestLog()
            let episodes = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(episodes.map { $0["id"] as? String } == [Catalog.naming, Catalog.errors, Catalog.deleting])
            #expect(episodes.map { $0["notes"] as? Int } == [2, 1, 1])
            #expect(episodes[1]["resume_position_ms"] as? Int == 1_000_000)
            #expect(episodes[1]["fully_played"] as? Bool == false)
            #expect(episodes[2]["fully_played"] as? Bool == true)
            #expect(episodes[0]["duration_ms"] as? Int == 3_723_000)
            #expect(episodes[0]["show_name"] as? String == "Craft, Code & Curiosity")
            #expect(episodes[0]["first_note_at"] as? String == "2026-11-01T00:50:00.000Z")
            #expect(episodes[0]["last_note_at"] as? String == "2026-11-01T01:00:00.000Z")
            #expect(episodes[0]["link"] as? String == "https://open.spotify.com/episode/\(Catalog.naming)")
            let requests = await sandbox.apiRequests()
            #expect(requests.map(\.path) == ["/v1/episodes"])
            #expect(requests.first?.query.contains("ids=\(Catalog.naming)%2C\(Catalog.errors)%2C\(Catalog.deleting)") == true
                || requests.first?.query.contains("ids=\(Catalog.naming),\(Catalog.errors),\(Catalog.deleting)") == true)

            await sandbox.emulator.clearRequestLog()
            let human = try await sandbox.margin("episodes", "--annotated")
            #expect(human.status == 0, "\(human.stderr)")
            #expect(await sandbox.apiRequests().isEmpty, "a fresh cache asks Spotify nothing")
            let lines = human.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0].contains("2 notes") && lines[0].contains("Ep. 42 — Naming things · Craft, Code & Curiosity") && lines[0].hasSuffix(Catalog.naming))
            #expect(lines[1].contains("16:40 / 55:12"))
            #expect(lines[2].contains("played"))

            await sandbox.emulator.clearRequestLog()
            _ = try await sandbox.array("episodes", "--annotated", "--refresh", "--json")
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/episodes"])
        }
    }

    @Test("more than 50 stale episodes go in batches of 50, and --limit keeps the newest")
    func batches() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario(.init(generatedShows: 3, episodesPerShow: 40)))) { sandbox in
            let catalog = await sandbox.emulator.currentCatalog()
            let ids = try await sandbox.seedCatalog(shows: catalog.shows[2...])
            #expect(ids.count == 120)
            await sandbox.emulator.clearRequestLog()
            let episodes = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(episodes.count == 120)
            #expect(episodes.map { $0["id"] as? String ?? "" } == ids)
            #expect(episodes.allSatisfy { $0["resume_position_ms"] as? Int == 0 && $0["available"] as? Bool == true })
            let requests = await sandbox.apiRequests()
            #expect(requests.map(\.path) == ["/v1/episodes", "/v1/episodes", "/v1/episodes"])
            await sandbox.emulator.clearRequestLog()
            let newest = try await sandbox.array("episodes", "--annotated", "--limit", "5", "--json")
            #expect(newest.map { $0["id"] as? String ?? "" } == Array(ids.prefix(5)))
            #expect(await sandbox.apiRequests().isEmpty)
        }
    }

    @Test("where batches are refused (development mode), episodes are fetched one by one")
    func developmentMode() async throws {
        var library = Catalog.library
        library.batchLookups = false
        try await using(try await Sandbox.loggedIn(Self.scenario(library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            await sandbox.emulator.clearRequestLog()
            // Rate limited in the middle of the one-by-one look-ups: waited out, nothing lost.
            try await sandbox.emulator.addFault(.status(429, path: "/v1/episodes/\(Catalog.errors)", retryAfter: 1))
            let episodes = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(episodes[1]["resume_position_ms"] as? Int == 1_000_000)
            let requests = await sandbox.apiRequests()
            let paths = requests.map(\.path)
            #expect(paths.first == "/v1/episodes")
            #expect(Set(paths.dropFirst()) == Set([Catalog.naming, Catalog.errors, Catalog.deleting].map { "/v1/episodes/\($0)" }))
            #expect(paths.count == 5)
            #expect(requests.filter { $0.status == 429 }.map(\.path) == ["/v1/episodes/\(Catalog.errors)"])
        }
    }

    @Test("an episode missing in the market keeps its names from the notes and says so")
    func missingInMarket() async throws {
        var library = Catalog.library
        library.unavailableEpisodes = [Catalog.errors]
        try await using(try await Sandbox.loggedIn(Self.scenario(library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            let episodes = try await sandbox.array("episodes", "--annotated", "--json")
            let missing = try #require(episodes.first { $0["id"] as? String == Catalog.errors })
            #expect(missing["available"] as? Bool == false)
            #expect(missing["name"] as? String == "Ep. 43 — Error messages are UI")
            #expect(missing["resume_position_ms"] is NSNull)
            let human = try await sandbox.margin("episodes", "--annotated")
            #expect(human.stdout.contains("not in market"))
        }
    }

    @Test("offline, --annotated lists what the store knows and says why; a 429 mid-listing is waited out")
    func offline() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario())) { sandbox in
            try await sandbox.seed(Catalog.notes)
            try await sandbox.emulator.addFault(.status(429, path: "/v1/episodes", retryAfter: 1))
            let first = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(first[1]["resume_position_ms"] as? Int == 1_000_000)
            #expect(await sandbox.apiRequests().map(\.status) == [429, 200])

            let unreachable = ["MARGIN_API_URL": "http://127.0.0.1:9/v1"]
            let cached = try await sandbox.run(["episodes", "--annotated", "--refresh", "--json"], env: unreachable)
            #expect(cached.status == 0)
            #expect(cached.stderr.contains("Spotify could not be reached"))
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(cached.stdout.utf8)) as? [[String: Any]])
            #expect(objects[1]["resume_position_ms"] as? Int == 1_000_000)

            let loggedOut = try await sandbox.margin("logout")
            #expect(loggedOut.status == 0)
            let plain = try await sandbox.margin("episodes")
            #expect(plain.status == 0)
            #expect(plain.stderr.contains("not logged in"))
            #expect(plain.stdout.split(separator: "\n").count == 3)
        }
    }

    @Test("never fetched and logged out: names from the notes, no resume point")
    func neverFetched() async throws {
        try await using(try await Sandbox.start(Self.scenario())) { sandbox in
            try await sandbox.seed(Catalog.notes)
            let result = try await sandbox.run(["episodes", "--annotated", "--json"])
            #expect(result.status == 0)
            #expect(result.stderr.contains("not logged in"))
            let episodes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(episodes.map { $0["name"] as? String } == ["Ep. 42 — Naming things", "Ep. 43 — Error messages are UI", "Ep. 44 — The joy of deleting code"])
            #expect(episodes.allSatisfy { $0["resume_position_ms"] is NSNull })
        }
    }

    @Test("with no option: annotated episodes, then the saved ones")
    func yours() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario())) { sandbox in
            try await sandbox.seed(Catalog.notes)
            await sandbox.emulator.clearRequestLog()
            let episodes = try await sandbox.array("episodes", "--json")
            // The built-in library saves "Naming things" (annotated) and one Tidewater episode.
            #expect(episodes.count == 4)
            #expect(episodes.prefix(3).map { $0["id"] as? String } == [Catalog.naming, Catalog.errors, Catalog.deleting])
            #expect(episodes[3]["notes"] as? Int == 0)
            #expect(episodes[3]["show_id"] as? String == Catalog.tidewater)
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/episodes", "/v1/me/episodes"])
        }
    }

    @Test("--show lists the show's episodes across pages with note counts; a long Retry-After exits 7")
    func showEpisodes() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario(.init(generatedShows: 1, episodesPerShow: 80)))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            let generated = try #require(await sandbox.emulator.currentCatalog().shows.last)
            await sandbox.emulator.clearRequestLog()
            let all = try await sandbox.array("episodes", "--show", generated.id, "--limit", "70", "--json")
            #expect(all.count == 70)
            #expect(all.map { $0["id"] as? String ?? "" } == generated.episodes.prefix(70).map(\.id))
            #expect(all.allSatisfy { $0["show_name"] as? String == generated.name })
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/shows/\(generated.id)", "/v1/shows/\(generated.id)/episodes", "/v1/shows/\(generated.id)/episodes"])

            await sandbox.emulator.clearRequestLog()
            let craft = try await sandbox.margin("episodes", "--show", "Craft, Code")
            #expect(craft.status == 0, "\(craft.stderr)")
            #expect(craft.stdout.hasPrefix("Craft, Code & Curiosity\n"))
            #expect(craft.stdout.contains("2 notes"))
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/shows/\(Catalog.craft)/episodes"], "the name comes from the notes")

            try await sandbox.emulator.addFault(.status(429, path: "/v1/shows/*", retryAfter: 3600))
            let limited = try await sandbox.margin("episodes", "--show", Catalog.tidewater)
            #expect(limited.status == 7)
            #expect(limited.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("a show name that matches several annotated shows lists them and exits 64; none exits 8")
    func names() async throws {
        try await using(try await Sandbox.loggedIn(Self.scenario())) { sandbox in
            try await sandbox.seed(Catalog.notes + [
                SeedNote(episode: "MkO1zqISVAoQPPxXY4WvDZ", show: Catalog.tidewater, showName: "Tidewater Histories",
                         episodeName: "The Curiosity of Tides", minute: 10),
            ])
            let list = try await sandbox.notes("list", "--show", "tidewater histories", "--json")
            #expect(list.count == 1)
            let ambiguous = try await sandbox.margin("list", "--show", "i")
            #expect(ambiguous.status == 64)
            #expect(ambiguous.stderr.contains("Craft, Code & Curiosity") && ambiguous.stderr.contains("Tidewater Histories"))
            let none = try await sandbox.margin("list", "--show", "No Such Show")
            #expect(none.status == 8)
            let episode = try await sandbox.notes("list", "--episode", "naming things", "--json")
            #expect(episode.count == 2)
            let export = try await sandbox.margin("export", "--format", "jsonl", "--episode", "Error messages")
            #expect(export.stdout.split(separator: "\n").count == 1)
            let link = try await sandbox.margin("list", "--show", "https://example.com/show/x")
            #expect(link.status == 64)
            let pinned = try await sandbox.object("note", "by name", "--episode", "the joy of deleting", "--at", "2:00", "--json")
            #expect(pinned["item_id"] as? String == Catalog.deleting)
            let ambiguousNote = try await sandbox.margin("note", "where?", "--episode", "Ep.", "--at", "2:00")
            #expect(ambiguousNote.status == 64)
            #expect(ambiguousNote.stderr.hasSuffix("its text:\nwhere?\n"))
        }
    }
}
