import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// One way Spotify can fail `margin note`, and what stderr must say about it.
enum NoteFault: String, CaseIterable, Sendable, CustomStringConvertible {
    case refused, shortRateLimit, longRateLimit, quota, error500, error502, error503, hang, malformed
    case invalidGrant, revokedMidCommand

    var description: String { rawValue }

    static let player = "/v1/me/player/currently-playing"

    /// Sets the fault up on a logged-in sandbox; returns extra environment for margin.
    func arm(_ sandbox: Sandbox) async throws -> [String: String] {
        let emulator = sandbox.emulator
        switch self {
        case .refused: return ["MARGIN_API_URL": "http://127.0.0.1:9/v1"]
        case .shortRateLimit: try await emulator.addFault(.status(429, path: Self.player, retryAfter: 1))
        case .longRateLimit: try await emulator.addFault(.status(429, path: Self.player, retryAfter: 3600))
        case .quota: try await emulator.addFault(.status(429, path: Self.player, retryAfter: 86_400, reason: "QUOTA_EXCEEDED"))
        case .error500: try await emulator.addFault(.status(500, path: Self.player, count: 3))
        case .error502: try await emulator.addFault(.status(502, path: Self.player, count: 3))
        case .error503: try await emulator.addFault(.status(503, path: Self.player, count: 3))
        case .hang:
            try await emulator.addFault(.hang(path: Self.player, count: 5))
            return ["MARGIN_TIMEOUT": "1"]
        case .malformed: try await emulator.addFault(.malformed(path: Self.player))
        case .invalidGrant:
            await emulator.revokeAll()
            try sandbox.expireLocally()
        case .revokedMidCommand: await emulator.revokeAll()
        }
        return [:]
    }

    /// Words stderr must contain to name the cause.
    var cause: String {
        switch self {
        case .refused: "cannot reach Spotify"
        case .shortRateLimit: ""
        case .longRateLimit: "rate limiting"
        case .quota: "quota"
        case .error500: "answered 500"
        case .error502: "answered 502"
        case .error503: "answered 503"
        case .hang: "did not answer"
        case .malformed: "could not be read"
        case .invalidGrant, .revokedMidCommand: "margin login"
        }
    }

    /// The longest the command may take: timeout (10 s, or 1 s) per attempt plus backoff, generously.
    var bound: Duration {
        switch self {
        case .hang: .seconds(3 * 1 + 15)
        default: .seconds(10 + 15)
        }
    }
}

@Suite("reliability: margin note under every fault")
struct ReliabilityFaultTests {
    @Test("the text is always stored, exit 0, stderr names the cause and shows margin pin", arguments: NoteFault.allCases)
    func noteUnderFault(_ fault: NoteFault) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let env = try await fault.arm(sandbox)
            let text = "thought under \(fault)"
            let started = ContinuousClock.now
            let result = try await sandbox.margin("note", text, env: env)
            let elapsed = ContinuousClock.now - started
            #expect(result.status == 0, "\(fault): \(result.stderr)")
            #expect(elapsed < fault.bound, "\(fault) took \(elapsed)")
            // Look at the store without Spotify, so a revoked login does not matter.
            let notes = try await sandbox.notes("list", "--json", env: ["MARGIN_API_URL": "http://127.0.0.1:9/v1"])
            let note = try #require(notes.first { $0["text"] as? String == text }, "\(fault): the text was not stored")
            #expect(notes.count == 1)
            if fault == .shortRateLimit {
                #expect(note["pinned"] as? Bool == true, "\(fault): \(result.stderr)")
                #expect(!result.stderr.contains("margin pin"))
            } else {
                #expect(note["pinned"] as? Bool == false)
                #expect(result.stderr.contains(fault.cause), "\(fault): \(result.stderr)")
                #expect(result.stderr.contains("margin pin "), "\(fault): \(result.stderr)")
            }
            for secret in await sandbox.emulator.secrets() { #expect(!result.output.contains(secret)) }
        }
    }
}
