import Foundation
import SpotifyEmulator
import Testing
@testable import SpotifyClient

@Suite("Playback commands against the emulator")
struct ControlEndpointTests {
    @Test("pausing twice succeeds both times: the second 403 Restriction violated means done")
    func pauseTwice() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            try await live.api.pause()
            try await live.api.pause()
            #expect(await live.emulator.currentState().playback.isPlaying == false)
            #expect(await live.apiRequests().map(\.status) == [204, 403])
        }
    }

    @Test("resuming plays again, and resuming what plays is no error")
    func resume() async throws {
        try await LiveSpotify.run(Scenario(playback: .init(isPlaying: false))) { live in
            await live.emulator.clearRequestLog()
            try await live.api.resume()
            #expect(await live.emulator.currentState().playback.isPlaying)
            try await live.api.resume()
            let requests = await live.apiRequests()
            #expect(requests.map(\.status) == [204, 403])
            #expect(requests.allSatisfy { $0.method == "PUT" && $0.path == "/v1/me/player/play" })
        }
    }

    @Test("seek moves the position and names the device")
    func seek() async throws {
        try await LiveSpotify.run(Scenario(playback: .init(isPlaying: false))) { live in
            await live.emulator.clearRequestLog()
            try await live.api.seek(positionMs: 60_000, deviceID: "a1b2c3d4e5f6")
            #expect(await live.emulator.currentState().playback.progressMs == 60_000)
            let request = try #require(await live.apiRequests().last)
            #expect(request.query == "position_ms=60000&device_id=a1b2c3d4e5f6")
        }
    }

    @Test("play starts an episode at a position")
    func play() async throws {
        let target = try #require(CatalogSummary.builtIn.shows.last?.episodes.first)
        try await LiveSpotify.run { live in
            try await live.api.play(uri: "spotify:episode:\(target.id)", positionMs: 120_000)
            let playback = await live.emulator.currentState().playback
            #expect(playback.kind == .episode && playback.id == target.id && playback.isPlaying)
            #expect(playback.progressMs >= 120_000 && playback.progressMs < 130_000)
            let snapshot = try #require(try await live.api.currentlyPlaying())
            #expect(snapshot.itemID == target.id)
        }
    }

    @Test("a restriction on seek is an error, unlike on pause")
    func restrictedSeek() async throws {
        _ = try await LiveSpotify.run(Scenario(playback: .init(kind: .ad, id: nil, progressMs: 0, isPlaying: true))) { live in
            await #expect(throws: SpotifyError.restricted(reason: "UNKNOWN")) {
                try await live.api.seek(positionMs: 1_000)
            }
        }
    }

    @Test("a free account gets premiumRequired")
    func free() async throws {
        try await LiveSpotify.run(Scenario(user: .init(product: .free))) { live in
            await #expect(throws: SpotifyError.premiumRequired) { try await live.api.pause() }
            await #expect(throws: SpotifyError.premiumRequired) { try await live.api.resume() }
            await #expect(throws: SpotifyError.premiumRequired) {
                try await live.api.play(uri: "spotify:episode:\(Scenario.Playback.defaultEpisodeID)", positionMs: 0)
            }
        }
    }

    @Test("no active device gets noActiveDevice")
    func noDevice() async throws {
        let idle = Scenario(devices: [.init(id: "phone1", name: "Phone", isActive: false)])
        try await LiveSpotify.run(idle) { live in
            await #expect(throws: SpotifyError.noActiveDevice) { try await live.api.pause() }
            await #expect(throws: SpotifyError.noActiveDevice) { try await live.api.seek(positionMs: 0) }
        }
    }
}
