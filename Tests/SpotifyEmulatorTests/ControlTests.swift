import Foundation
import SpotifyEmulator
import Testing

@Suite("Control API")
struct ControlTests {
    @Test("health, catalog and state answer JSON")
    func reads() async throws {
        try await withEmulator { _, client in
            #expect(try await client.get("/emulator/health").object?["ok"] as? Bool == true)
            let catalog = try #require(try await client.get("/emulator/catalog").object)
            #expect((catalog["shows"] as? [Any])?.count == 2)
            let state = try #require(try await client.get("/emulator/state").object)
            let playback = try #require(state["playback"] as? [String: Any])
            #expect(playback["id"] as? String == "512ojhOuo1ktJprKbVcKyQ")
            #expect((playback["progress_ms"] as? Int).map { $0 >= 754_000 } == true)
            #expect(state["client_id"] is NSNull)
        }
    }

    @Test("PUT /emulator/scenario replaces the scenario and keeps tokens valid")
    func replaceScenario() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let scenario = #"{"user":{"product":null},"playback":{"kind":"none"}}"#
            #expect(try await client.sendJSON("PUT", "/emulator/scenario", scenario).status == 200)
            #expect(try await client.get("/v1/me/player/currently-playing", token: token).status == 204)
            #expect(try await client.get("/v1/me", token: token).object?["product"] == nil)
            let bad = try await client.sendJSON("PUT", "/emulator/scenario", #"{"playback":{"kind":"episode","id":"0000000000000000000000"}}"#)
            #expect(bad.status == 400)
        }
    }

    @Test("PUT /emulator/player changes playback, devices and product only")
    func changePlayer() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let update = #"{"playback":{"kind":"episode","id":"kODGd9wu8KuW6Hyt1HWbbN","progress_ms":1000,"is_playing":false},"user":{"product":"free"}}"#
            #expect(try await client.sendJSON("PUT", "/emulator/player", update).status == 200)
            let now = try #require(try await client.get("/v1/me/player/currently-playing?additional_types=episode", token: token).object)
            #expect((now["item"] as? [String: Any])?["id"] as? String == "kODGd9wu8KuW6Hyt1HWbbN")
            #expect(now["progress_ms"] as? Int == 1000)
            #expect(try await client.get("/v1/me", token: token).object?["product"] as? String == "free")
            let devices = #"{"devices":[]}"#
            #expect(try await client.sendJSON("PUT", "/emulator/player", devices).status == 200)
            #expect(try await client.get("/v1/me/player", token: token).status == 204)
        }
    }

    @Test("expire over HTTP makes the next call 401 expired")
    func expireOverHTTP() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            #expect(try await client.send("POST", "/emulator/expire").status == 200)
            #expect(try await client.get("/v1/me", token: token).errorMessage == "The access token expired")
        }
    }

    @Test("the clock over HTTP: moved ahead, a playing episode has progressed and a token has expired; never moved back")
    func clockOverHTTP() async throws {
        let playback = Scenario.Playback(kind: .episode, id: "512ojhOuo1ktJprKbVcKyQ", progressMs: 0, isPlaying: true)
        try await withEmulator(Scenario(accessTokenLifetime: 3600, playback: playback)) { _, client in
            let token = try await client.login().access
            #expect(try await client.sendJSON("POST", "/emulator/clock", #"{"advance_ms":600000}"#).status == 200)
            let now = try #require(try await client.get("/v1/me/player/currently-playing?additional_types=episode", token: token).object)
            let progress = try #require(now["progress_ms"] as? Int)
            #expect(progress >= 600_000 && progress < 660_000, "ten minutes on: \(progress)")
            #expect(try await client.sendJSON("POST", "/emulator/clock", #"{"advance_ms":3000000}"#).status == 200)
            #expect(try await client.get("/v1/me", token: token).errorMessage == "The access token expired")
            let back = try await client.sendJSON("POST", "/emulator/clock", #"{"advance_ms":-1}"#)
            #expect(back.status == 400)
            #expect(try await client.sendJSON("POST", "/emulator/clock", #"{"advance":1}"#).status == 400)
            #expect(try await client.sendJSON("POST", "/emulator/clock", #"{"advance_ms":9223372036854775807}"#).status == 400)
            #expect(try await client.get("/emulator/state").status == 200, "still serving, its clock as it was")
        }
    }
}
