import Foundation
import Testing

@Suite("margin config")
struct ConfigTests {
    @Test("set, get and path manage config.toml, keeping the user's comments")
    func roundTrip() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
        let path = try await sandbox.margin("config", "path")
        #expect(path.stdout == sandbox.configDirectory + "/config.toml\n")
        try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
        try Data("# my settings\nmarket = \"SE\" # home\n".utf8).write(to: URL(fileURLWithPath: sandbox.configDirectory + "/config.toml"))
        #expect(try await sandbox.margin("config", "set", "client-id", "abcdef123").status == 0)
        #expect(try await sandbox.margin("config", "set", "market", "DE").status == 0)
        #expect(try await sandbox.margin("config", "get", "client-id").stdout == "abcdef123\n")
        #expect(try await sandbox.margin("config", "get").stdout == "client-id = abcdef123\nmarket = DE\n")
        let text = try String(contentsOfFile: sandbox.configDirectory + "/config.toml", encoding: .utf8)
        #expect(text == "# my settings\nmarket = \"DE\"\nclient_id = \"abcdef123\"\n")
    }

    @Test("the config file's client ID is used when the environment has none")
    func clientIDFromConfig() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
        #expect(try await sandbox.margin("config", "set", "client-id", "fromconfig").status == 0)
        let result = try await sandbox.margin("login", "--timeout", "20", env: ["MARGIN_CLIENT_ID": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("client_id=fromconfig"))
    }

    @Test("rejects unknown keys and bad values as usage errors, and unset keys with exit 1")
    func errors() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
        #expect(try await sandbox.margin("config", "set", "colour", "red").status == 64)
        let badURI = try await sandbox.margin("config", "set", "redirect-uri", "http://localhost:8888/callback")
        #expect(badURI.status == 1)
        #expect(badURI.stderr.contains("localhost"))
        #expect(try await sandbox.margin("config", "set", "market", "germany").status == 64)
        #expect(try await sandbox.margin("config", "get", "market").status == 1)
    }

    @Test("a broken config file names the line at fault")
    func brokenFile() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
        try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
        try Data("client_id = \"ok\"\nmarket = DE\n".utf8).write(to: URL(fileURLWithPath: sandbox.configDirectory + "/config.toml"))
        let result = try await sandbox.margin("whoami")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 2"))
    }
}
