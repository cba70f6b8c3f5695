import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// Names are references: what `shows`, `episodes --show` and `find` have listed is known by
/// name as well as what the notes carry.
@Suite("names margin knows")
struct LibraryNamesTests {
    static let lighthouse = "kODGd9wu8KuW6Hyt1HWbbN"
    static let salt = "lWrdXpwSDba7jJOWzHCOcd"
    static let river = "MkO1zqISVAoQPPxXY4WvDZ"

    @Test("a show listed by 'shows' and its episodes listed by 'episodes --show' work by name in play, episodes --show and note --episode")
    func listedNames() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing, library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            #expect(try await sandbox.margin("shows").status == 0)
            let show = try await sandbox.margin("episodes", "--show", "tidewater")
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.hasPrefix("Tidewater Histories\n"))

            let play = try await sandbox.margin("play", "the lighthouse", "--at", "1:00")
            #expect(play.status == 0, "\(play.stderr)")
            #expect(play.stdout == "Playing The lighthouse keepers' logbooks from 1:00.\n")
            #expect(await sandbox.emulator.currentState().playback.id == Self.lighthouse)

            let note = try await sandbox.object("note", "trade routes", "--episode", "SALT, COD", "--at", "2:00", "--json")
            #expect(note["item_id"] as? String == Self.salt)
            #expect(note["show_id"] as? String == Catalog.tidewater)
        }
    }

    @Test("an episode and a show found by 'find' work by name")
    func foundNames() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing, library: Catalog.library))) { sandbox in
            #expect(try await sandbox.margin("find", "river froze", "--type", "episode").status == 0)
            let play = try await sandbox.margin("play", "when the river froze", "--at", "0:30")
            #expect(play.status == 0, "\(play.stderr)")
            #expect(await sandbox.emulator.currentState().playback.id == Self.river)

            #expect(try await sandbox.margin("find", "tidewater", "--type", "show").status == 0)
            let show = try await sandbox.array("episodes", "--show", "Tidewater Histories", "--json")
            #expect(show.count == 4)
            let never = try await sandbox.margin("play", "never listed anywhere")
            #expect(never.status == 8)
            #expect(never.stderr.contains("'never listed anywhere'") && never.stderr.contains("margin find"))
        }
    }

    @Test("a name that fits several listed shows or episodes exits 64 listing them with their ids; an exact name wins")
    func ambiguous() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing, library: .init(generatedShows: 12, episodesPerShow: 3)))) { sandbox in
            let shows = await sandbox.emulator.currentCatalog().shows
            let one = try #require(shows.first { $0.name == "Signals & Noise 1" })
            let eleven = try #require(shows.first { $0.name == "Signals & Noise 11" })
            #expect(try await sandbox.margin("shows").status == 0)

            let both = try await sandbox.margin("episodes", "--show", "signals")
            #expect(both.status == 64, "\(both.stderr)")
            #expect(both.stderr.contains("'Signals & Noise 1' (\(one.id))") && both.stderr.contains("'Signals & Noise 11' (\(eleven.id))"))
            #expect(both.stderr.split(separator: "\n").count == 1)

            let exact = try await sandbox.array("episodes", "--show", "signals & noise 1", "--json")
            #expect(exact.map { $0["show_id"] as? String } == [one.id, one.id, one.id])
            _ = try await sandbox.array("episodes", "--show", "Signals & Noise 11", "--json")

            let third = try await sandbox.margin("play", "ep. 3")
            #expect(third.status == 64, "\(third.stderr)")
            for show in [one, eleven] {
                let episode = try #require(show.episodes.first { $0.name.hasPrefix("Ep. 3 ") })
                #expect(third.stderr.contains("(\(episode.id))"), "\(third.stderr)")
            }
            let note = try await sandbox.margin("note", "which one?", "--episode", "ep. 3", "--at", "1:00")
            #expect(note.status == 64)
            #expect(note.stderr.hasSuffix("its text:\nwhich one?\n"))
        }
    }

    @Test("'margin episodes' shows the position right after margin's own seek and play")
    func freshPosition() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 600_000, isPlaying: false), library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            let before = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(before.first { $0["id"] as? String == Catalog.naming }?["resume_position_ms"] as? Int == 600_000)

            #expect(try await sandbox.margin("seek", "30:00").status == 0)
            let sought = try await sandbox.array("episodes", "--annotated", "--json")
            #expect(sought.first { $0["id"] as? String == Catalog.naming }?["resume_position_ms"] as? Int == 1_800_000)

            let play = try await sandbox.margin("play", Catalog.errors, "--at", "5:00")
            #expect(play.status == 0, "\(play.stderr)")
            #expect(try await sandbox.margin("pause").status == 0)
            let played = try await sandbox.array("episodes", "--annotated", "--json")
            let position = played.first { $0["id"] as? String == Catalog.errors }?["resume_position_ms"] as? Int ?? 0
            // Playing from 5:00 until the pause: a few seconds at most, never the cached 16:40.
            #expect((300_000..<360_000).contains(position), "\(position)")
        }
    }

    @Test("where batches are refused with 404, --refresh asks for each episode on its own")
    func batchNotFound() async throws {
        var library = Catalog.library
        library.batchLookups = false
        library.batchRefusal = 404
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing, library: library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            await sandbox.emulator.clearRequestLog()
            let result = try await sandbox.margin("episodes", "--annotated", "--refresh", "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let episodes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(episodes[1]["resume_position_ms"] as? Int == 1_000_000)
            let requests = await sandbox.apiRequests()
            #expect(requests.first.map { "\($0.path) \($0.status)" } == "/v1/episodes 404")
            #expect(Set(requests.dropFirst().map(\.path)) == Set([Catalog.naming, Catalog.errors, Catalog.deleting].map { "/v1/episodes/\($0)" }))
            #expect(requests.count == 4)
        }
    }
}
