import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("exit codes, one per contract row")
struct ExitCodeTests {
    @Test("every code in the contract comes out for its cause, with nothing on stdout when it fails")
    func codes() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            func code(_ arguments: [String], _ env: [String: String] = [:]) async throws -> Int32 {
                let result = try await sandbox.run(arguments, env: env)
                if result.status != 0 {
                    #expect(result.stdout.isEmpty, "\(arguments): stdout must stay clean on failure")
                    #expect(!result.stderr.isEmpty, "\(arguments): a failure says why")
                }
                return result.status
            }
            #expect(try await code(["whoami"]) == 0)
            try await sandbox.emulator.addFault(.malformed(path: "/v1/me"))
            #expect(try await code(["whoami"]) == 1)
            try await sandbox.emulator.setPlayback(.nothing)
            #expect(try await code(["now"]) == 3)
            #expect(try await code(["whoami"], ["XDG_CONFIG_HOME": sandbox.root + "/nobody"]) == 4)
            await sandbox.emulator.setProduct(.free)
            #expect(try await code(["pause"]) == 5)
            await sandbox.emulator.setProduct(.premium)
            try await sandbox.emulator.setDevices([])
            #expect(try await code(["pause"]) == 6)
            #expect(try await code(["now"], ["MARGIN_API_URL": "http://127.0.0.1:9/v1"]) == 7)
            #expect(try await code(["show", "0123abcd"]) == 8)
            #expect(try await code(["list", "--limit", "zero"]) == 64)
            #expect(try await code(["frobnicate"]) == 64)
        }
    }

    @Test("--json output is the only thing on stdout and diagnostics go to stderr")
    func cleanStdout() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing))) { sandbox in
            let result = try await sandbox.margin("note", "unpinned on purpose", "--json")
            #expect(result.status == 0)
            #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
            #expect(result.stderr.contains("margin pin"))
        }
    }
}
