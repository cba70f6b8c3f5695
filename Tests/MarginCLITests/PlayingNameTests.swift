import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// "Playing NAME from TIME.": play and jump name the episode from their first run, with what
/// margin knows already, asking Spotify only when it knows nothing of the episode.
@Suite("the episode's name in 'Playing …'")
struct PlayingNameTests {
    static let lighthouse = "kODGd9wu8KuW6Hyt1HWbbN"

    /// The GET requests for one episode (`/v1/episodes/ID`) in the emulator's log.
    static func episodeLookups(_ sandbox: Sandbox) async -> [String] {
        await sandbox.apiRequests().filter { $0.method == "GET" && $0.path.hasPrefix("/v1/episodes") }.map(\.path)
    }

    @Test("the README's first play, a name the notes carry, prints the episode's title and asks Spotify nothing more")
    func firstPlayByName() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let note = try await sandbox.margin("note", "the bit about cache stampedes", "--tag", "caching")
            #expect(note.status == 0, "\(note.stderr)")
            await sandbox.emulator.clearRequestLog()

            let play = try await sandbox.margin("play", "Naming things", "--at", "12:34")
            #expect(play.status == 0, "\(play.stderr)")
            #expect(play.stdout == "Playing Ep. 42 — Naming things from 12:34.\n")
            #expect(await Self.episodeLookups(sandbox).isEmpty, "the notes knew the name")
            let again = try await sandbox.margin("play", "Naming things", "--at", "12:34")
            #expect(again.stdout == play.stdout)
        }
    }

    @Test("an episode margin knows nothing of is named after one request, cached: the next play asks nothing")
    func unknownEpisodeByID() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let first = try await sandbox.margin("play", "spotify:episode:\(Self.lighthouse)", "--at", "1:00")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "Playing The lighthouse keepers' logbooks from 1:00.\n")
            #expect(await Self.episodeLookups(sandbox) == ["/v1/episodes/\(Self.lighthouse)"])
            #expect(await sandbox.emulator.currentState().playback.id == Self.lighthouse)

            await sandbox.emulator.clearRequestLog()
            let second = try await sandbox.margin("play", Self.lighthouse, "--at", "2:00")
            #expect(second.stdout == "Playing The lighthouse keepers' logbooks from 2:00.\n")
            #expect(await Self.episodeLookups(sandbox).isEmpty, "the cache knew the name")

            let missing = try await sandbox.margin("play", "0000000000000000000000", "--at", "1:00")
            #expect(missing.status == 8, "\(missing.stderr)")
            #expect(missing.stderr == "margin: Spotify has no episode '0000000000000000000000' to play; check the id with 'margin find' or 'margin episodes'\n")
        }
    }

    @Test("jump to a note whose pin has no name yet names the episode, and the note gets the name")
    func jumpToUnnamedNote() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let record = """
                {"id":"0000000a-0000-4000-8000-000000000001","text":"keepers wrote the weather","tags":[],\
                "created_at":"2026-11-20T09:00:00.000Z","updated_at":"2026-11-20T09:00:00.000Z","pinned":true,\
                "item_type":"episode","item_id":"\(Self.lighthouse)","item_uri":"spotify:episode:\(Self.lighthouse)","item_name":null,\
                "show_id":null,"show_name":null,"progress_ms":600000,"duration_ms":null,"position":null,"link":null}
                """
            let imported = try await sandbox.run(["import", "-"], stdin: record + "\n")
            #expect(imported.status == 0, "\(imported.stderr)")

            let jump = try await sandbox.margin("jump", "0000000a")
            #expect(jump.status == 0, "\(jump.stderr)")
            #expect(jump.stdout == "Playing The lighthouse keepers' logbooks from 9:55.\n")
            #expect(await sandbox.emulator.currentState().playback.id == Self.lighthouse)
            let note = try await sandbox.notes("list", "--json").first
            #expect(note?["item_name"] as? String == "The lighthouse keepers' logbooks")

            await sandbox.emulator.clearRequestLog()
            let again = try await sandbox.margin("play", "0000000a")
            #expect(again.stdout == "Playing The lighthouse keepers' logbooks from 9:55.\n")
            #expect(await Self.episodeLookups(sandbox).isEmpty)
        }
    }
}
