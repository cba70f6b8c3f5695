import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("Spotify faults through the binary")
struct FaultTests {
    @Test("a short 429 is waited out and the command succeeds")
    func shortRateLimit() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.status(429, path: "/v1/me/player", retryAfter: 1))
            let result = try await sandbox.margin("now")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(await sandbox.apiRequests().map(\.status) == [429, 200])
        }
    }

    @Test("a long 429 fails at once with exit 7 and the time to wait")
    func longRateLimit() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.status(429, path: "/v1/me/player", retryAfter: 3600))
            let result = try await sandbox.margin("now")
            #expect(result.status == 7)
            #expect(result.stderr.contains("3600 s"))
            // At once: the one refused request, no retry.
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player"])
        }
    }

    @Test("QUOTA_EXCEEDED is reported as the app's quota")
    func quota() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.status(429, path: "/v1/me/player", retryAfter: 86_400, reason: "QUOTA_EXCEEDED"))
            let result = try await sandbox.margin("now")
            #expect(result.status == 7)
            #expect(result.stderr.contains("quota"))
        }
    }

    @Test("503 twice then success is retried to success")
    func transientServerError() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.status(503, path: "/v1/me/player", count: 2))
            let result = try await sandbox.margin("now")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(await sandbox.apiRequests().map(\.status) == [503, 503, 200])
        }
    }

    @Test("a hang ends at MARGIN_TIMEOUT with exit 7")
    func hang() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.hang(path: "/v1/me/player"))
            let started = ContinuousClock.now
            let result = try await sandbox.margin("now", env: ["MARGIN_TIMEOUT": "1"])
            #expect(result.status == 7)
            #expect(result.stderr.contains("did not answer") && result.stderr.contains("within 1 s"))
            // The hang lasts until the emulator stops: ending at all is the deadline's doing.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    @Test("a malformed body is a one-line error naming the endpoint")
    func malformed() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.addFault(.malformed(path: "/v1/me/player"))
            let result = try await sandbox.margin("now")
            #expect(result.status == 1)
            #expect(result.stderr == "margin: Spotify's reply to GET /me/player could not be read\n")
        }
    }
}
