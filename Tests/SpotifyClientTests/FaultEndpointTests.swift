import Foundation
import SpotifyEmulator
import Testing
@testable import SpotifyClient

@Suite("Faults seen through the endpoints")
struct FaultEndpointTests {
    let nowPlaying = "/v1/me/player/currently-playing"

    @Test("a short 429 is waited out and the call succeeds")
    func shortRateLimit() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            try await live.emulator.addFault(.status(429, path: nowPlaying, retryAfter: 1))
            #expect(try await live.api.currentlyPlaying() != nil)
            #expect(await live.apiRequests().map(\.status) == [429, 200])
        }
    }

    @Test("a long 429 is reported at once with its wait")
    func longRateLimit() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            try await live.emulator.addFault(.status(429, path: nowPlaying, retryAfter: 3600))
            await #expect(throws: SpotifyError.rateLimited(retryAfter: 3600, quotaExceeded: false)) {
                _ = try await live.api.currentlyPlaying()
            }
            #expect(await live.apiRequests().count == 1)
        }
    }

    @Test("a development-mode quota 429 says the quota is used up")
    func quota() async throws {
        try await LiveSpotify.run { live in
            try await live.emulator.addFault(.status(429, path: "/v1/search", retryAfter: 86_400, reason: "QUOTA_EXCEEDED"))
            await #expect(throws: SpotifyError.rateLimited(retryAfter: 86_400, quotaExceeded: true)) {
                _ = try await live.api.search("code", types: [.episode], limit: 5)
            }
        }
    }

    @Test("two 503s in a row are retried and the third try succeeds")
    func transientServerError() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            try await live.emulator.addFault(.status(503, path: "/v1/me/player/devices", count: 2))
            #expect(try await live.api.devices().count == 1)
            #expect(await live.apiRequests().map(\.status) == [503, 503, 200])
        }
    }

    @Test("a body that is not JSON is a malformed response naming the endpoint")
    func malformed() async throws {
        try await LiveSpotify.run { live in
            try await live.emulator.addFault(.malformed(path: nowPlaying))
            await #expect(throws: SpotifyError.malformedResponse(endpoint: "GET /me/player/currently-playing")) {
                _ = try await live.api.currentlyPlaying()
            }
            try await live.emulator.addFault(.malformed(path: "/v1/episodes/*"))
            await #expect(throws: SpotifyError.malformedResponse(endpoint: "GET /episodes/\(Scenario.Playback.defaultEpisodeID)")) {
                _ = try await live.api.episode(id: Scenario.Playback.defaultEpisodeID)
            }
        }
    }

    @Test("a reply that never comes times out after the configured deadline")
    func hang() async throws {
        try await LiveSpotify.run(timeout: .seconds(1)) { live in
            try await live.emulator.addFault(.hang(path: nowPlaying))
            let started = ContinuousClock.now
            await #expect(throws: SpotifyError.timeout(endpoint: "GET \(nowPlaying)", seconds: 1)) {
                _ = try await live.api.currentlyPlaying()
            }
            // The hang lasts until the emulator stops: ending at all is the deadline's doing.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }
}
