import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("margin note")
struct NoteCaptureTests {
    static let keys = ["id", "text", "tags", "created_at", "updated_at", "pinned", "item_type", "item_id", "item_uri",
                       "item_name", "show_id", "show_name", "progress_ms", "duration_ms", "position", "link"]

    @Test("pins to the playing episode within 2 s of its position, in exactly one request")
    func pinned() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let before = await sandbox.progress()
            let result = try await sandbox.margin("note", "the bit about", "cache stampedes", "--tag", "caching", "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let after = await sandbox.progress()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["text"] as? String == "the bit about cache stampedes")
            #expect(object["tags"] as? [String] == ["caching"])
            #expect(object["pinned"] as? Bool == true)
            #expect(object["item_type"] as? String == "episode")
            #expect(object["item_id"] as? String == "512ojhOuo1ktJprKbVcKyQ")
            #expect(object["item_name"] as? String == "Ep. 42 — Naming things")
            #expect(object["show_name"] as? String == "Craft, Code & Curiosity")
            #expect(object["duration_ms"] as? Int == 3_723_000)
            let progress = try #require(object["progress_ms"] as? Int)
            // The player's position when Spotify answered lies between the two readings around the command.
            #expect(progress >= before - 1000 && progress <= after + 1000, "\(before) ≤ \(progress) ≤ \(after)")
            #expect((object["link"] as? String) == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=\(progress / 1000)")
            #expect((object["created_at"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
            let order = Self.keys.compactMap { result.stdout.range(of: "\"\($0)\":")?.lowerBound }
            #expect(order.count == Self.keys.count && order == order.sorted(), "keys in the contract's order")
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/currently-playing"])
            #expect(await sandbox.apiRequests().first?.query.contains("additional_types=episode") == true)
        }
    }

    @Test("--pause pauses too, in one more request")
    func pause() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox async throws in
            #expect(try await sandbox.margin("note", "pause here", "--pause").status == 0)
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/currently-playing", "/v1/me/player/pause"])
            #expect(await sandbox.emulator.currentState().playback.isPlaying == false)
        }
    }

    @Test("--pause on a free account still saves the note and says why it did not pause")
    func pauseFree() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(user: .init(product: .free)))) { sandbox in
            let result = try await sandbox.margin("note", "free", "--pause")
            #expect(result.status == 0)
            #expect(result.stderr.contains("not paused") && result.stderr.contains("Premium"))
            #expect(try await sandbox.notes("list", "--json").first?["pinned"] as? Bool == true)
        }
    }

    @Test("reads the note from stdin when it is not a terminal")
    func stdin() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let object = try await sandbox.object("note", "--json", stdin: "line one\nline two\n")
            #expect(object["text"] as? String == "line one\nline two")
            let empty = try await sandbox.margin("note", stdin: "")
            #expect(empty.status == 1)
            #expect(empty.stderr.contains("empty"))
        }
    }

    @Test("every cause of a missing pin still saves the text, unpinned, exit 0, with the pin command")
    func unpinnedCauses() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let dead = "http://127.0.0.1:9/v1"
            let causes: [(String, [String: String], String)] = [
                ("nothing playing", [:], "nothing is playing"),
                ("unreachable", ["MARGIN_API_URL": dead, "MARGIN_PIN_TIMEOUT": "30"], "cannot reach Spotify"),
                ("not logged in", ["XDG_CONFIG_HOME": sandbox.root + "/elsewhere"], "not logged in"),
            ]
            for (text, env, why) in causes {
                let result = try await sandbox.margin("note", text, env: env)
                #expect(result.status == 0, "\(text): \(result.stderr)")
                #expect(result.stderr.contains(why), "\(text): \(result.stderr)")
                #expect(result.stderr.contains("margin pin "), "\(text)")
            }
            try await sandbox.emulator.setPlayback(.init())
            try await sandbox.emulator.addFault(.status(429, path: "/v1/me/player/currently-playing", retryAfter: 3600))
            let limited = try await sandbox.margin("note", "rate limited")
            #expect(limited.status == 0)
            #expect(limited.stderr.contains("rate limiting"))
            let notes = try await sandbox.notes("list", "--json")
            #expect(notes.count == 4)
            #expect(notes.allSatisfy { $0["pinned"] as? Bool == false && $0["progress_ms"] is NSNull && $0["link"] is NSNull })
        }
    }

    @Test("when Spotify hangs, the note is saved unpinned at the pin timeout, not the request timeout, with the time it was taken")
    func hangingSpotify() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.hang(path: "/v1/me/player/currently-playing", count: 5))
            // A request timeout of a minute: only the pin timeout can end the wait.
            let result = try await sandbox.margin("note", "a hung player", env: ["MARGIN_TIMEOUT": "60", "MARGIN_PIN_TIMEOUT": "0.5"])
            #expect(result.status == 0)
            #expect(result.stderr.contains("Spotify did not answer within 0.5 s"), "\(result.stderr)")
            #expect(result.stderr.range(of: #"taken at \d\d:\d\d:\d\d"#, options: .regularExpression) != nil, "\(result.stderr)")
            let notes = try await sandbox.notes("list", "--json")
            #expect(notes.map { $0["text"] as? String } == ["a hung player"])
        }
    }

    @Test("the pin timeout is a config key too, and a bad value is refused with an example")
    func pinTimeoutConfig() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "note.pin-timeout", "0.3").status == 0)
            #expect(try await sandbox.margin("config", "get", "note.pin-timeout", env: ["MARGIN_PIN_TIMEOUT": ""]).stdout == "0.3\n")
            try await sandbox.emulator.addFault(.hang(path: "/v1/me/player/currently-playing", count: 5))
            let result = try await sandbox.margin("note", "configured", env: ["MARGIN_TIMEOUT": "60", "MARGIN_PIN_TIMEOUT": ""])
            #expect(result.stderr.contains("within 0.3 s"), "\(result.stderr)")
            let bad = try await sandbox.margin("config", "set", "note.pin-timeout", "soon")
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("2.5"))
        }
    }

    @Test("a store that cannot be written exits 1 and echoes the text")
    func unwritableStore() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            // A path under a regular file cannot be created by anyone, root included.
            let file = sandbox.root + "/plainfile"
            _ = FileManager.default.createFile(atPath: file, contents: Data())
            let result = try await sandbox.margin("note", "precious thought", env: ["MARGIN_DB": file + "/notes.sqlite"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("precious thought"))
        }
    }

    @Test("--episode and --at pin manually, fetching the episode once and caching it")
    func manualPin() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let ref = "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?si=x"
            let first = try await sandbox.object("note", "manual", "--episode", ref, "--at", "1:02", "--json")
            #expect(first["progress_ms"] as? Int == 62_000)
            #expect(first["item_name"] as? String == "Ep. 42 — Naming things")
            _ = try await sandbox.object("note", "again", "--episode", ref, "--at", "2m", "--json")
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/episodes/512ojhOuo1ktJprKbVcKyQ"])
            let bad = try await sandbox.margin("note", "x", "--episode", "spotify:show:5CfCWKI5pZ28U0uOzXkDHe", "--at", "1:00")
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("spotify:episode:"))
            // Not a reference, so a name: of an episode margin knows, of which there is none called that.
            let unknown = try await sandbox.margin("note", "x", "--episode", "nope", "--at", "1:00")
            #expect(unknown.status == 8)
            #expect(unknown.stderr.contains("no episode named 'nope'"))
            #expect(unknown.stderr.hasSuffix("its text:\nx\n"))
        }
    }

    @Test("offline, a manual pin stores the id and names are filled in later")
    func offlinePin() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let offline = ["MARGIN_API_URL": "http://127.0.0.1:9/v1"]
            let result = try await sandbox.margin("note", "offline", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "10", "--json", env: offline)
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""item_name":null"#))
            _ = try await sandbox.take("online", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "20")
            let notes = try await sandbox.notes("list", "--json")
            #expect(notes.allSatisfy { $0["item_name"] as? String == "Ep. 42 — Naming things" })
        }
    }
}
