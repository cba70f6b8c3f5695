import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("whoami and logout")
struct AccountTests {
    @Test("whoami shows the account, scopes and token expiry, as text and as JSON")
    func whoami() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            let text = try await sandbox.margin("whoami")
            #expect(text.status == 0)
            #expect(text.stdout.contains("Margin Listener (margin-listener)"))
            #expect(text.stdout.contains("premium"))
            #expect(text.stdout.contains("user-modify-playback-state"))
            let json = try await sandbox.margin("whoami", "--json")
            #expect(json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["id"] as? String == "margin-listener")
            #expect(object["display_name"] as? String == "Margin Listener")
            #expect(object["product"] as? String == "premium")
            #expect((object["scopes"] as? [String])?.contains("user-read-currently-playing") == true)
            #expect((object["token_expires_at"] as? String)?.hasSuffix("Z") == true)
            #expect(json.stderr.isEmpty)
        }
    }

    @Test("whoami omits product when Spotify does not report it")
    func noProduct() async throws {
        try await using(try await Sandbox.start(Scenario(user: .init(product: nil)))) { sandbox in
            try #require(try await sandbox.login().status == 0)
            let json = try await sandbox.margin("whoami", "--json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["product"] is NSNull)
        }
    }

    @Test("whoami exits 4 when not logged in")
    func notLoggedIn() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4)
            #expect(result.stderr == "margin: not logged in to Spotify. Run 'margin login'\n")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a damaged credentials file means exit 4 and 'margin login'")
    func corrupt() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: sandbox.credentialsPath))
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4)
            #expect(result.stderr.contains("margin login"))
        }
    }

    @Test("a credentials file readable by others is refused with the fix")
    func insecure() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            chmod(sandbox.credentialsPath, 0o644)
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4)
            #expect(result.stderr.contains("chmod 600 \(sandbox.credentialsPath)"))
            #expect(await sandbox.emulator.requestLog().filter { $0.path == "/v1/me" }.count == 1, "only login's own /me")
        }
    }

    @Test("logout removes the credentials")
    func logout() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try #require(try await sandbox.login().status == 0)
            let result = try await sandbox.margin("logout")
            #expect(result.status == 0)
            #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsPath))
            #expect(try await sandbox.margin("whoami").status == 4)
            #expect(try await sandbox.margin("logout").stdout.contains("Not logged in"))
        }
    }
}
