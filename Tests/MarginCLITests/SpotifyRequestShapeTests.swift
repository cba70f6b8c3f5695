import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// Every request margin sends to the Web API is one Spotify's OpenAPI description
/// (`shared/spec/spotify-web-api.fixed.yml`, beside the repository) allows: its path and method,
/// its query names and value types, its body's media type, keys and types
/// (`scripts/check-spotify-requests.py` holds the emulator's request log to the description).
@Suite("requests match Spotify's OpenAPI description")
struct SpotifyRequestShapeTests {
    static let spec = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../shared/spec/spotify-web-api.fixed.yml").standardized.path
    static let checker = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../scripts/check-spotify-requests.py").standardized.path

    /// Writes the request log to a file and runs the checker over it.
    static func check(_ log: [LoggedRequest], in sandbox: Sandbox) async throws -> ProcessResult {
        let path = sandbox.root + "/requests.json"
        try JSONEncoder().encode(log).write(to: URL(fileURLWithPath: path))
        return try await MarginProcess.run([checker, spec, path], environment: [:], executable: "/usr/bin/python3")
    }

    @Test("a session of every command that talks to Spotify sends only requests the description allows")
    func everyCommand() async throws {
        let study = Scenario.Device(id: "b2c3d4e5f6a7", name: "Study laptop")
        try await using(try await Sandbox.loggedIn(Scenario(devices: [.kitchenSpeaker, study], library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            let session: [[String]] = [
                ["whoami"], ["now"], ["devices"],
                ["note", "the bit about names"], ["note", "paused after", "--pause"], ["resume"],
                ["note", "on the study laptop", "--device", "study", "--pause"], ["resume", "--device", "study"],
                ["pause"], ["resume"], ["seek", "10:00"], ["back"], ["forward", "--device", "Study laptop"],
                ["list", "--episode"], ["jump", "00000002"], ["play", Catalog.errors], ["play", "the joy of deleting", "--at", "1:00"],
                ["shows"], ["episodes"], ["episodes", "--annotated", "--refresh"], ["episodes", "--show", Catalog.craft],
                ["find", "curiosity"], ["find", "naming", "--type", "episode"],
            ]
            for arguments in session {
                let result = try await sandbox.run(arguments)
                #expect(result.status == 0, "margin \(arguments.joined(separator: " ")): \(result.stderr)")
            }
            let log = await sandbox.apiRequests()
            #expect(Set(log.map(\.path)).count >= 10, "the session reached most of the Web API margin uses: \(Set(log.map(\.path)))")
            #expect(log.contains { $0.body != nil }, "some requests carried a body")
            let checked = try await Self.check(log, in: sandbox)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("the checker refuses what the description does not allow")
    func checkerRefuses() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let bad = [
                LoggedRequest(method: "PUT", path: "/v1/me/player/seek", query: "position=1000", status: 204),
                LoggedRequest(method: "PUT", path: "/v1/me/player/play", query: "", status: 204,
                              contentType: "text/plain", body: "{\"uris\":[\"spotify:episode:x\"]}"),
                LoggedRequest(method: "PUT", path: "/v1/me/player/play", query: "", status: 204,
                              contentType: "application/json", body: "{\"position\":\"12\"}"),
                LoggedRequest(method: "POST", path: "/v1/me/player/pause", query: "", status: 204),
                LoggedRequest(method: "GET", path: "/v1/me/podcasts", query: "", status: 404),
            ]
            let result = try await Self.check(bad, in: sandbox)
            #expect(result.status == 1)
            for expected in ["query 'position' is not a parameter", "required query 'position_ms' is missing",
                             "body sent as 'text/plain'", "body key 'position' is not a property", "has no POST", "no such path"] {
                #expect(result.stdout.contains(expected), "\(expected): \(result.stdout)")
            }
        }
    }
}
