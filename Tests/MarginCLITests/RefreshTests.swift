import Foundation
import SpotifyEmulator
import TestSupport
import Testing

extension Sandbox {
    /// Makes the stored access token look expired to margin, as after an hour away.
    func expireLocally() throws {
        let url = URL(fileURLWithPath: credentialsPath)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["expires_at"] = "2020-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        chmod(credentialsPath, 0o600)
    }

    func refreshCount() async -> Int {
        await emulator.requestLog().filter { $0.grantType == "refresh_token" }.count
    }

    func storedRefreshToken() throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: credentialsPath))) as? [String: Any]
        return object?["refresh_token"] as? String
    }
}

@Suite("token refresh through the binary")
struct RefreshTests {
    @Test("an access token Spotify says expired is refreshed once and the call retried")
    func expiredAtSpotify() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            await sandbox.emulator.expireAccessTokens()
            let result = try await sandbox.margin("whoami", "--verbose")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(await sandbox.refreshCount() == 1)
            for secret in await sandbox.emulator.secrets() { #expect(!result.output.contains(secret)) }
        }
    }

    @Test("non-rotating refresh keeps the stored refresh token")
    func nonRotating() async throws {
        try await using(try await Sandbox.start(Scenario(refreshMode: .nonRotating))) { sandbox in
            try #require(try await sandbox.login().status == 0)
            let before = try sandbox.storedRefreshToken()
            try sandbox.expireLocally()
            #expect(try await sandbox.margin("whoami").status == 0)
            #expect(await sandbox.refreshCount() == 1)
            #expect(try sandbox.storedRefreshToken() == before)
            #expect(try sandbox.credentialsMode() == 0o600)
        }
    }

    @Test("rotating refresh stores the new refresh token before using it")
    func rotating() async throws {
        try await using(try await Sandbox.start(Scenario(refreshMode: .rotating))) { sandbox in
            try #require(try await sandbox.login().status == 0)
            let before = try sandbox.storedRefreshToken()
            for _ in 0..<2 {
                try sandbox.expireLocally()
                #expect(try await sandbox.margin("whoami").status == 0)
            }
            #expect(await sandbox.refreshCount() == 2)
            #expect(try sandbox.storedRefreshToken() != before)
            #expect(try sandbox.credentialsMode() == 0o600)
        }
    }

    @Test("invalid_grant clears the credentials and exits 4 with 'margin login'")
    func revoked() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            await sandbox.emulator.revokeAll()
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4)
            #expect(result.stderr.contains("margin login"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsPath))
        }
    }

    @Test("sixteen processes of mixed commands on an expired token make exactly one refresh and all succeed")
    func sixteenProcesses() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            try sandbox.expireLocally()
            await sandbox.emulator.expireAccessTokens()
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                let commands = [["whoami", "--json"], ["now", "--json"], ["devices", "--json"], ["note", "taken during the refresh"]]
                // What is tested is sharing one refresh, not speed: a loaded test machine gets time.
                for index in 0..<16 {
                    group.addTask { try await sandbox.run(commands[index % commands.count], env: ["MARGIN_TIMEOUT": "120"]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 16)
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("unpinned"), "every note was pinned with the refreshed token")
            }
            #expect(await sandbox.refreshCount() == 1)
        }
    }
}
