import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("note commands")
struct NoteCommandTests {
    @Test("list --episode shows the episode's notes in playback order; bare --episode means the one playing")
    func listByEpisode() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("late", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "50:00")
            _ = try await sandbox.take("early", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "1:00")
            _ = try await sandbox.take("newest, pinned to what plays")
            let ordered = try await sandbox.notes("list", "--episode", "--json")
            #expect(ordered.map { $0["text"] as? String } == ["early", "newest, pinned to what plays", "late"])
            let byRef = try await sandbox.notes("list", "--episode", "spotify:episode:512ojhOuo1ktJprKbVcKyQ", "--json")
            #expect(byRef.compactMap { $0["progress_ms"] as? Int } == byRef.compactMap { $0["progress_ms"] as? Int }.sorted())
            let newest = try await sandbox.notes("list", "--json")
            #expect(newest.first?["text"] as? String == "newest, pinned to what plays")
            let table = try await sandbox.margin("list")
            #expect(table.stdout.contains("Craft, Code & Curiosity · Ep. 42 — Naming things"))
            #expect(table.stdout.contains("   1:00  early"))
        }
    }

    @Test("list filters by tag, show, since and limit, and rejects bad values with an example")
    func listFilters() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("a", "--tag", "x")
            _ = try await sandbox.take("b", "--tag", "y")
            #expect(try await sandbox.notes("list", "--tag", "x", "--json").map { $0["text"] as? String } == ["a"])
            #expect(try await sandbox.notes("list", "--show", "5CfCWKI5pZ28U0uOzXkDHe", "--json").count == 2)
            #expect(try await sandbox.notes("list", "--limit", "1", "--json").count == 1)
            #expect(try await sandbox.notes("list", "--since", "1h", "--json").count == 2)
            #expect(try await sandbox.notes("list", "--since", "2099-01-01", "--json").isEmpty)
            let bad = try await sandbox.margin("list", "--since", "someday")
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("yesterday"))
        }
    }

    @Test("ids accept a unique prefix; an ambiguous one lists the candidates; an unknown one exits 8")
    func prefixes() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            var ids: [String] = []
            for i in 0..<17 { ids.append(try await sandbox.take("note \(i)")) }
            let first = Dictionary(grouping: ids) { $0.prefix(1) }.first { $0.value.count > 1 }
            let shared = try #require(first)
            let ambiguous = try await sandbox.margin("show", String(shared.key))
            #expect(ambiguous.status == 64)
            for id in shared.value { #expect(ambiguous.stderr.contains(id)) }
            let unique = try await sandbox.object("show", String(ids[0].prefix(12)), "--json")
            #expect(unique["id"] as? String == ids[0])
            #expect(try await sandbox.margin("show", "ffffffff-0000").status == 8)
        }
    }

    @Test("edit, tag, delete and pin change one note")
    func editing() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let id = try await sandbox.take("first draft")
            #expect(try await sandbox.margin("edit", id, "second", "draft").status == 0)
            #expect(try await sandbox.margin("tag", id, "+alpha", "beta", "-missing").stdout == "alpha beta\n")
            #expect(try await sandbox.margin("tag", id, "-alpha").stdout == "beta\n")
            let pinned = try await sandbox.margin("pin", id, "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "12:34")
            #expect(pinned.status == 0, "\(pinned.stderr)")
            let note = try await sandbox.object("show", id, "--json")
            #expect(note["text"] as? String == "second draft")
            #expect(note["tags"] as? [String] == ["beta"])
            #expect(note["progress_ms"] as? Int == 754_000)
            #expect(note["position"] as? String == "12:34")
            #expect(note["updated_at"] as? String != note["created_at"] as? String)
            let refused = try await sandbox.margin("delete", id)
            #expect(refused.status == 64)
            #expect(try await sandbox.margin("delete", id, "--yes").status == 0)
            #expect(try await sandbox.margin("show", id).status == 8)
        }
    }

    @Test("edit with no text opens $EDITOR on a terminal and reads stdin when piped")
    func editInEditor() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let id = try await sandbox.take("typo here")
            let editor = sandbox.root + "/fix-editor"
            _ = FileManager.default.createFile(atPath: editor, contents: Data("#!/bin/sh\nsed -i 's/typo/fixed/' \"$1\"\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
            // script(1) gives margin a terminal, as when a person runs it.
            let edited = try await MarginProcess.run(["-qefc", "'\(MarginProcess.marginPath)' edit \(id)", "/dev/null"],
                                                     environment: sandbox.environment(["EDITOR": editor]), executable: "/usr/bin/script")
            #expect(edited.status == 0, "\(edited.stdout)")
            #expect(try await sandbox.object("show", id, "--json")["text"] as? String == "fixed here")
            #expect(try await sandbox.margin("edit", id, stdin: "piped in\n").status == 0)
            #expect(try await sandbox.object("show", id, "--json")["text"] as? String == "piped in")
        }
    }

    @Test("search finds notes by words, best match first, with snippets")
    func search() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("cache stampedes happen when cache entries expire together")
            _ = try await sandbox.take("naming things is hard")
            _ = try await sandbox.take("a cache is a cache")
            let hits = try await sandbox.notes("search", "cache", "--json")
            #expect(hits.count == 2)
            #expect(hits.allSatisfy { ($0["text"] as? String)?.contains("cache") == true })
            let text = try await sandbox.margin("search", "naming")
            #expect(text.stdout.contains("[naming]"))
            #expect(try await sandbox.margin("search", "\"unbalanced", "AND", "(").status == 0)
        }
    }

    @Test("jump plays from a few seconds before the moment; a free account or --link gets the link")
    func jump() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 100_000, isPlaying: false)))) { sandbox in
            let id = try await sandbox.take("moment", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "12:34")
            await sandbox.emulator.clearRequestLog()
            let before = ContinuousClock.now
            let played = try await sandbox.margin("jump", id)
            #expect(played.status == 0, "\(played.stderr)")
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/play"])
            let state = await sandbox.emulator.currentState().playback
            // The episode plays on from 12:29 while the test reads it back: no further than the
            // time since jump started (however slow a loaded machine is).
            let elapsed = ContinuousClock.now - before
            let playedMs = Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
            #expect(state.id == "512ojhOuo1ktJprKbVcKyQ" && state.isPlaying)
            let (earliest, latest): (Int, Int) = (749_000 - 50, 749_000 + playedMs + 50)
            #expect(state.progressMs >= earliest && state.progressMs <= latest, "\(state.progressMs) after \(playedMs) ms")
            let link = try await sandbox.margin("jump", id, "--link", "--lead", "0")
            #expect(link.stdout == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754\n")
            await sandbox.emulator.setProduct(.free)
            let free = try await sandbox.margin("jump", id)
            #expect(free.status == 0)
            #expect(free.stdout == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=749\n")
            #expect(free.stderr.contains("Premium"))
            try await sandbox.emulator.setDevices([])
            await sandbox.emulator.setProduct(.premium)
            #expect(try await sandbox.margin("jump", id).status == 6)
        }
    }
}
