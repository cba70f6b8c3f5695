import Foundation
import SpotifyEmulator
import TestSupport
import Testing

extension Sandbox {
    /// Logs in, then clears the request log so a test counts only its own requests.
    static func loggedIn(_ scenario: Scenario = Scenario(), tls: Bool = false) async throws -> Sandbox {
        let sandbox = try await Sandbox.start(scenario, tls: tls)
        let login = try await sandbox.login()
        guard login.status == 0 else {
            // What the browser did, for a login that never got its callback.
            let curl = (try? String(contentsOfFile: sandbox.browserStatusPath, encoding: .utf8)) ?? "the browser never ended\n"
            let seen = await sandbox.emulator.requestLog().map { "\($0.method) \($0.path) \($0.status)" }
            throw ProcessTimeout(arguments: ["login failed: \(login.stderr)\nbrowser's curl exit: \(curl)emulator saw: \(seen)"])
        }
        await sandbox.emulator.clearRequestLog()
        return sandbox
    }

    /// Requests to the Web API (not the token endpoint) since the log was cleared.
    func apiRequests() async -> [LoggedRequest] {
        await emulator.requestLog().filter { $0.path.hasPrefix("/v1/") }
    }

    func progress() async -> Int { await emulator.currentState().playback.progressMs }
}

@Suite("playback commands")
struct PlaybackCommandTests {
    @Test("now shows the episode, position and device in one request")
    func now() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 754_000, isPlaying: false)))) { sandbox in
            let result = try await sandbox.margin("now")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Craft, Code & Curiosity · Ep. 42 — Naming things"))
            #expect(result.stdout.contains("⏸ 12:34"))
            #expect(result.stdout.contains("/ 1:02:03 · Kitchen speaker"))
            #expect(await sandbox.apiRequests().count == 1)
        }
    }

    @Test("now --json prints the documented object")
    func nowJSON() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 754_000, isPlaying: false)))) { sandbox async throws in
            let result = try await sandbox.margin("now", "--json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["item_type"] as? String == "episode")
            #expect(object["item_id"] as? String == "512ojhOuo1ktJprKbVcKyQ")
            #expect(object["item_uri"] as? String == "spotify:episode:512ojhOuo1ktJprKbVcKyQ")
            #expect(object["show_id"] as? String == "5CfCWKI5pZ28U0uOzXkDHe")
            #expect(object["duration_ms"] as? Int == 3_723_000)
            #expect(object["progress_ms"] as? Int == 754_000)
            #expect(object["position"] as? String == "12:34")
            #expect(object["is_playing"] as? Bool == false)
            #expect(object["link"] as? String == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754")
            #expect((object["device"] as? [String: Any])?["name"] as? String == "Kitchen speaker")
        }
    }

    @Test("now exits 3 when nothing plays, and shows tracks and ads")
    func nowKinds() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox async throws in
            let nothing = try await sandbox.margin("now")
            #expect(nothing.status == 3)
            #expect(nothing.stderr.contains("nothing is playing"))
            try await sandbox.emulator.setPlayback(.init(kind: .track, id: nil, progressMs: 1000, isPlaying: false))
            let track = try await sandbox.margin("now", "--json")
            #expect(track.status == 0)
            #expect(track.stdout.contains(#""item_type":"track""#))
            #expect(track.stdout.contains(#""show_id":null"#))
            try await sandbox.emulator.setPlayback(.init(kind: .ad, id: nil, progressMs: 1000, isPlaying: true))
            let ad = try await sandbox.margin("now")
            #expect(ad.status == 0)
            #expect(ad.stdout.contains("Advertisement"))
        }
    }

    @Test("devices lists devices, as text and JSON")
    func devices() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox async throws in
            let text = try await sandbox.margin("devices")
            #expect(text.stdout.contains("* a1b2c3d4e5f6  Kitchen speaker (Speaker 60%)"))
            let json = try await sandbox.margin("devices", "--json")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array.first?["id"] as? String == "a1b2c3d4e5f6")
            #expect(array.first?["is_active"] as? Bool == true)
        }
    }

    @Test("pause and resume take one request each; repeating them is not an error")
    func pauseResume() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox async throws in
            #expect(try await sandbox.margin("pause").status == 0)
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/pause"])
            #expect(await sandbox.emulator.currentState().playback.isPlaying == false)
            #expect(try await sandbox.margin("pause").status == 0)
            #expect(try await sandbox.margin("resume").status == 0)
            #expect(try await sandbox.margin("resume").status == 0)
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
            #expect(await sandbox.apiRequests().count == 4)
        }
    }

    @Test("seek, back and forward move the position")
    func seeking() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 600_000, isPlaying: false)))) { sandbox in
            #expect(try await sandbox.margin("seek", "12:34").status == 0)
            #expect(await sandbox.progress() == 754_000)
            // One request to learn the episode's length, one to seek.
            #expect(await sandbox.apiRequests().count == 2)
            #expect(try await sandbox.margin("back").status == 0)
            #expect(await sandbox.progress() == 739_000)
            #expect(try await sandbox.margin("forward", "60").status == 0)
            #expect(await sandbox.progress() == 799_000)
            #expect(await sandbox.apiRequests().count == 6)
            let bad = try await sandbox.margin("seek", "soon")
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("12m34s"))
        }
    }

    @Test("--device picks the device for playback commands")
    func device() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox async throws in
            #expect(try await sandbox.margin("pause", "--device", "a1b2c3d4e5f6").status == 0)
            #expect(await sandbox.apiRequests().last?.query.contains("device_id=a1b2c3d4e5f6") == true)
        }
    }

    @Test("a free account gets exit 5, no device exit 6, with plain explanations")
    func premiumAndDevice() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(user: .init(product: .free)))) { sandbox in
            let free = try await sandbox.margin("pause")
            #expect(free.status == 5)
            #expect(free.stderr.contains("Premium"))
            await sandbox.emulator.setProduct(.premium)
            try await sandbox.emulator.setDevices([])
            let none = try await sandbox.margin("resume")
            #expect(none.status == 6)
            #expect(none.stderr.contains("margin devices"))
        }
    }
}
