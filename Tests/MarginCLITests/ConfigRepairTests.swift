import Foundation
import TestSupport
import Testing

@Suite("A broken config.toml can be repaired by the command its error names")
struct ConfigRepairTests {
    @Test("config set rewrites a file it cannot parse, keeps what it could read, and the old file as .bak")
    func setRepairs() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let path = sandbox.configDirectory + "/config.toml"
            try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
            let broken = "# mine\nclient_id = \"abc123\"\nmarket = SE\ncolour = \"red\"\n"
            try Data(broken.utf8).write(to: URL(fileURLWithPath: path))

            let failing = try await sandbox.margin("config", "get")
            #expect(failing.status == 1)
            #expect(failing.stderr.contains("line 3") && failing.stderr.contains("margin config set KEY VALUE"), "\(failing.stderr)")

            let repaired = try await sandbox.margin("config", "set", "market", "SE")
            #expect(repaired.status == 0, "\(repaired.stderr)")
            #expect(repaired.stderr.contains("line 3") && repaired.stderr.contains("line 4") && repaired.stderr.contains(".bak"))
            #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == broken)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "# mine\nclient_id = \"abc123\"\nmarket = \"SE\"\n")
            // The sandbox's MARGIN_CLIENT_ID would win over the file; empty, it is not set.
            #expect(try await sandbox.margin("config", "get", "client-id", env: ["MARGIN_CLIENT_ID": ""]).stdout == "abc123\n")
        }
    }
}
