import Foundation
import SpotifyEmulator
import Testing

@Suite("Player: what is playing and playback commands")
struct PlayerTests {
    static let currentlyPlaying = "/v1/me/player/currently-playing"

    @Test("an episode comes with its show only when additional_types includes episode")
    func additionalTypes() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let with = try #require(try await client.get(Self.currentlyPlaying + "?additional_types=track,episode", token: token).object)
            #expect(with["currently_playing_type"] as? String == "episode")
            let item = try #require(with["item"] as? [String: Any])
            #expect(item["id"] as? String == "512ojhOuo1ktJprKbVcKyQ")
            #expect(item["name"] as? String == "Ep. 42 — Naming things")
            #expect(item["duration_ms"] as? Int == 3_723_000)
            #expect((item["show"] as? [String: Any])?["name"] as? String == "Craft, Code & Curiosity")

            let without = try #require(try await client.get(Self.currentlyPlaying, token: token).object)
            #expect(without["currently_playing_type"] as? String == "episode")
            #expect(without["item"] is NSNull)
        }
    }

    @Test("nothing playing answers 204 with an empty body")
    func nothingPlaying() async throws {
        try await withEmulator(Scenario(playback: .nothing)) { _, client in
            let token = try await client.login().access
            let reply = try await client.get(Self.currentlyPlaying + "?additional_types=episode", token: token)
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            #expect(try await client.get("/v1/me/player", token: token).status == 204)
        }
    }

    @Test("no active device: /me/player is 204 and commands are 404 NO_ACTIVE_DEVICE")
    func noActiveDevice() async throws {
        let idle = Scenario.Device(id: "phone1", name: "Phone", type: "Smartphone", isActive: false)
        try await withEmulator(Scenario(devices: [idle])) { _, client in
            let token = try await client.login().access
            #expect(try await client.get("/v1/me/player", token: token).status == 204)
            let pause = try await client.send("PUT", "/v1/me/player/pause", token: token)
            #expect(pause.status == 404)
            #expect(pause.errorReason == "NO_ACTIVE_DEVICE")
            // Naming a known device makes it active.
            #expect(try await client.send("PUT", "/v1/me/player/pause?device_id=phone1", token: token).status == 204)
            let devices = try #require(try await client.get("/v1/me/player/devices", token: token).object?["devices"] as? [[String: Any]])
            #expect(devices.first?["is_active"] as? Bool == true)
        }
    }

    @Test("an unknown device_id is 404 Device not found")
    func unknownDevice() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let reply = try await client.send("PUT", "/v1/me/player/pause?device_id=nope", token: token)
            #expect(reply.status == 404)
            #expect(reply.errorMessage == "Device not found")
        }
    }

    @Test("progress advances with the emulator's clock while playing, timestamp with it, and stops when paused")
    func progressAdvances() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            let started = ContinuousClock.now
            let first = try #require(try await client.get(Self.currentlyPlaying, token: token).object?["progress_ms"] as? Int)
            try await emulator.advanceClock(by: .seconds(90))
            let second = try #require(try await client.get(Self.currentlyPlaying, token: token).object?["progress_ms"] as? Int)
            // Progress moves with the clock: the 90 s it was moved, plus the real time that passed.
            let elapsedMs = Int((ContinuousClock.now - started) / .milliseconds(1))
            #expect(second - first >= 90_000 && second - first <= 90_000 + elapsedMs + 50, "\(second - first) ms of progress")

            let wallBefore = Int(Date().timeIntervalSince1970 * 1000)
            #expect(try await client.send("PUT", "/v1/me/player/pause", token: token).status == 204)
            let paused = try #require(try await client.get(Self.currentlyPlaying, token: token).object)
            #expect(paused["is_playing"] as? Bool == false)
            let stamp = try #require(paused["timestamp"] as? Int)
            #expect(stamp >= wallBefore + 90_000 - 5, "the pause's timestamp is on the emulator's clock: \(stamp - wallBefore) ms ahead")
            try await emulator.advanceClock(by: .seconds(600))
            let still = try await client.get(Self.currentlyPlaying, token: token).object?["progress_ms"] as? Int
            #expect(still == paused["progress_ms"] as? Int)
        }
    }

    @Test("progress stops at the end of the item")
    func progressCapped() async throws {
        let playback = Scenario.Playback(kind: .episode, id: "512ojhOuo1ktJprKbVcKyQ", progressMs: 3_722_900, isPlaying: true)
        try await withEmulator(Scenario(playback: playback)) { emulator, client in
            let token = try await client.login().access
            try await emulator.advanceClock(by: .seconds(5))
            let progress = try await client.get(Self.currentlyPlaying, token: token).object?["progress_ms"] as? Int
            #expect(progress == 3_723_000)
        }
    }

    @Test("pause, resume and seek; pausing twice or resuming twice is Restriction violated")
    func commands() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            #expect(try await client.send("PUT", "/v1/me/player/pause", token: token).status == 204)
            let again = try await client.send("PUT", "/v1/me/player/pause", token: token)
            #expect(again.status == 403)
            #expect(again.errorMessage == "Player command failed: Restriction violated")
            #expect(again.errorReason == "UNKNOWN")

            #expect(try await client.send("PUT", "/v1/me/player/seek?position_ms=60000", token: token).status == 204)
            let seeked = try #require(try await client.get(Self.currentlyPlaying, token: token).object)
            #expect(seeked["progress_ms"] as? Int == 60_000)
            #expect(seeked["is_playing"] as? Bool == false)

            #expect(try await client.send("PUT", "/v1/me/player/play", token: token).status == 204)
            let resumed = try await client.send("PUT", "/v1/me/player/play", token: token)
            #expect(resumed.status == 403)
            #expect(resumed.errorReason == "UNKNOWN")
            #expect(try await client.send("PUT", "/v1/me/player/seek", token: token).status == 400)
        }
    }

    @Test("play with uris and position_ms starts that item there")
    func playURI() async throws {
        try await withEmulator(Scenario(playback: .nothing)) { _, client in
            let token = try await client.login().access
            let body = #"{"uris":["spotify:episode:jKhXScw0HeNK2DRf3vAwOi"],"position_ms":120000}"#
            #expect(try await client.sendJSON("PUT", "/v1/me/player/play", token: token, body).status == 204)
            let now = try #require(try await client.get(Self.currentlyPlaying + "?additional_types=episode", token: token).object)
            #expect((now["item"] as? [String: Any])?["id"] as? String == "jKhXScw0HeNK2DRf3vAwOi")
            #expect((now["progress_ms"] as? Int).map { $0 >= 120_000 && $0 < 125_000 } == true)
            #expect(now["is_playing"] as? Bool == true)
            let bad = try await client.sendJSON("PUT", "/v1/me/player/play", token: token, "{not json")
            #expect(bad.status == 400)
        }
    }

    @Test("a free user gets 403 PREMIUM_REQUIRED from every command")
    func premiumRequired() async throws {
        try await withEmulator(Scenario(user: .init(product: .free))) { _, client in
            let token = try await client.login().access
            for path in ["/v1/me/player/pause", "/v1/me/player/play", "/v1/me/player/seek?position_ms=0"] {
                let reply = try await client.send("PUT", path, token: token)
                #expect(reply.status == 403)
                #expect(reply.errorMessage == "Player command failed: Premium required")
                #expect(reply.errorReason == "PREMIUM_REQUIRED")
            }
        }
    }

    @Test("an ad plays with a null item and type ad; a track has its album")
    func adAndTrack() async throws {
        try await withEmulator(Scenario(playback: .init(kind: .ad, id: nil, progressMs: 5000, isPlaying: true))) { emulator, client in
            let token = try await client.login().access
            let ad = try #require(try await client.get(Self.currentlyPlaying + "?additional_types=episode", token: token).object)
            #expect(ad["currently_playing_type"] as? String == "ad")
            #expect(ad["item"] is NSNull)

            try await emulator.setPlayback(.init(kind: .track, id: "1Et0YUiR1tPlp5MmP75CQd", progressMs: 0, isPlaying: false))
            let track = try #require(try await client.get(Self.currentlyPlaying, token: token).object)
            #expect(track["currently_playing_type"] as? String == "track")
            let item = try #require(track["item"] as? [String: Any])
            #expect((item["album"] as? [String: Any])?["name"] as? String == "Paper Boats")
        }
    }
}
