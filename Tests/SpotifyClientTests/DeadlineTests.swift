import Foundation
import SpotifyEmulator
import TestSupport
import Testing
@testable import SpotifyClient

/// `currentlyPlaying(deadline:)` against the emulator's faults, behind a transport whose own
/// timeout is far longer: only the call's deadline can end these calls in time.
@Suite("A call's own deadline")
struct DeadlineTests {
    let nowPlaying = "/v1/me/player/currently-playing"
    /// The transport's per-request timeout: a call that ignored its deadline would wait this long.
    static let transportTimeout: Duration = .seconds(120)

    @Test("a reply that never comes ends at the call's deadline with a timeout naming it")
    func hang() async throws {
        try await LiveSpotify.run(timeout: Self.transportTimeout) { live in
            try await live.emulator.addFault(.hang(path: nowPlaying, count: 5))
            let started = ContinuousClock.now
            await #expect(throws: SpotifyError.timeout(endpoint: "GET \(nowPlaying)", seconds: 1)) {
                _ = try await live.api.currentlyPlaying(deadline: .seconds(1))
            }
            #expect(ContinuousClock.now - started < Self.transportTimeout / 2)
        }
    }

    @Test("a retry after a 503 gets only what is left of the deadline")
    func retryInsideDeadline() async throws {
        try await LiveSpotify.run(timeout: Self.transportTimeout) { live in
            try await live.emulator.addFault(.status(503, path: nowPlaying))
            try await live.emulator.addFault(.hang(path: nowPlaying, count: 5))
            let started = ContinuousClock.now
            // Ample for the 503 and a backoff of at most 0.75 s, so the retry is always made.
            await #expect(throws: SpotifyError.timeout(endpoint: "GET \(nowPlaying)", seconds: 10)) {
                _ = try await live.api.currentlyPlaying(deadline: .seconds(10))
            }
            #expect(ContinuousClock.now - started < Self.transportTimeout / 2)
            #expect(await live.apiRequests().first?.status == 503, "the 503 came first and was retried")
        }
    }

    @Test("a token refresh that is due keeps to the deadline too")
    func refreshInsideDeadline() async throws {
        let emulator = SpotifyEmulator(scenario: Scenario())
        let base = try await emulator.start(port: 0)
        let directory = try temporaryDirectory("margin-deadline")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = CredentialStore(directory: directory + "/margin")
        var credentials = try await EmulatorLogin.credentials(base: base)
        credentials.expiresAt = Date()
        try store.save(credentials)
        try await emulator.addFault(.hang(path: "/api/token", count: 5))
        let endpoints = SpotifyEndpoints(accountsURL: base, apiURL: base.appendingPathComponent("v1"), timeout: Self.transportTimeout)
        let api = SpotifyConnection(endpoints: endpoints, store: store).api
        let started = ContinuousClock.now
        await #expect(throws: SpotifyError.timeout(endpoint: "GET \(nowPlaying)", seconds: 1)) {
            _ = try await api.currentlyPlaying(deadline: .seconds(1))
        }
        #expect(ContinuousClock.now - started < Self.transportTimeout / 2)
        await emulator.stop()
    }

    @Test("with time to spare the call answers as without a deadline")
    func answers() async throws {
        try await LiveSpotify.run(timeout: Self.transportTimeout) { live in
            let snapshot = try await live.api.currentlyPlaying(deadline: .seconds(30))
            #expect(snapshot?.itemID == Scenario.Playback.defaultEpisodeID)
        }
    }
}
