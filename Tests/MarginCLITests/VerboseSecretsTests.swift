import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("secrets never reach output")
struct VerboseSecretsTests {
    @Test("with --verbose, a whole session prints diagnostics but no token, code or verifier")
    func verboseSession() async throws {
        try await using(try await Sandbox.start(Scenario(refreshMode: .rotating))) { sandbox in
            var transcript = ""
            for arguments in [["login", "--verbose", "--timeout", "20"], ["whoami", "--verbose"], ["now", "--verbose"],
                              ["note", "a thought", "--pause", "--verbose"], ["resume", "--verbose"]] {
                let result = try await sandbox.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                transcript += result.output
            }
            await sandbox.emulator.expireAccessTokens()
            let refreshed = try await sandbox.run(["whoami", "--verbose"])
            #expect(refreshed.status == 0)
            transcript += refreshed.output
            await sandbox.emulator.revokeAll()
            try await sandbox.emulator.addFault(.status(401, path: "/v1/me"))
            transcript += try await sandbox.run(["whoami", "--verbose"]).output
            #expect(transcript.contains("GET /v1/me -> 200"), "verbose mode logs requests")
            let secrets = await sandbox.emulator.secrets()
            #expect(secrets.count >= 5, "tokens, a code and a verifier were issued")
            for secret in secrets { #expect(!transcript.contains(secret)) }
            #expect(!transcript.contains("Bearer "))
        }
    }
}
