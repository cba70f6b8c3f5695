import Foundation
import SpotifyEmulator
import TestSupport
import Testing

extension Sandbox {
    /// The stored credentials as JSON text, for checks of what margin keeps.
    func credentialsText() throws -> String {
        try String(contentsOfFile: credentialsPath, encoding: .utf8)
    }

    /// `margin login --token-service` against `service`.
    func login(through service: TokenServiceProcess) async throws -> ProcessResult {
        try await margin("login", "--token-service", service.url.absoluteString, "--timeout", "45")
    }

    /// Fails the test if `credentials.json` holds any token or code the emulator issued but
    /// the access token: the refresh token on disk must be the service's sealed one.
    func expectOnlySealedRefreshToken(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let text = try credentialsText()
        let access = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])["access_token"] as? String
        for secret in await emulator.secrets() where secret != access && text.contains(secret) {
            Issue.record("credentials.json holds a token Spotify issued", sourceLocation: sourceLocation)
        }
        #expect(try storedRefreshToken()?.hasPrefix("v1.") == true, sourceLocation: sourceLocation)
    }
}

@Suite("margin login --token-service, with the built service and binary", .serialized)
struct TokenServiceLoginTests {
    @Test("logs in through the service with its client id; credentials.json keeps only the sealed refresh token")
    func login() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            let result = try await sandbox.margin("login", "--token-service", service.url.absoluteString, "--timeout", "45",
                                                  env: ["MARGIN_CLIENT_ID": ""])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Logged in to Spotify as Margin Listener"))
            #expect(result.stderr.contains("client_id=\(TokenServiceProcess.clientID)"))
            #expect(result.stderr.contains("code_challenge_method=S256"), "margin keeps PKCE through the service")
            #expect(try sandbox.credentialsMode() == 0o600)
            try await sandbox.expectOnlySealedRefreshToken()
            let exchange = try #require(await sandbox.emulator.requestLog().first { $0.grantType == "authorization_code" })
            #expect(exchange.status == 200)
            let whoami = try await sandbox.margin("whoami")
            #expect(whoami.stdout.contains("through the token service at \(service.url.absoluteString)"))
            let json = try await sandbox.margin("whoami", "--json")
            #expect(json.stdout.contains("\"token_service\":\"\(service.url.absoluteString)\""))
            let logout = try await sandbox.margin("logout")
            #expect(logout.stdout.contains("Logged out of the token service at \(service.url.absoluteString)"))
            #expect(try await sandbox.margin("whoami").status == 4)
            await service.stop(checking: sandbox)
        }
    }

    @Test("refreshes through the service in both rotation modes, never storing Spotify's refresh token",
          arguments: [Scenario.RefreshMode.nonRotating, .rotating])
    func refresh(mode: Scenario.RefreshMode) async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario(mode))) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            // Through the config key this time.
            try #require(try await sandbox.margin("config", "set", "token-service", service.url.absoluteString).status == 0)
            try #require(try await sandbox.login().status == 0)
            let first = try sandbox.storedRefreshToken()
            for _ in 0..<2 {
                try sandbox.expireLocally()
                let result = try await sandbox.margin("whoami")
                #expect(result.status == 0, "\(result.stderr)")
            }
            #expect(await sandbox.refreshCount() == 2)
            #expect((try sandbox.storedRefreshToken() == first) == (mode == .nonRotating))
            try await sandbox.expectOnlySealedRefreshToken()
            #expect(try sandbox.credentialsMode() == 0o600)
            await service.stop(checking: sandbox)
        }
    }

    @Test("sixteen processes on an expired token share one refresh through the service")
    func sixteenProcesses() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario(.rotating))) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            try #require(try await sandbox.login(through: service).status == 0)
            try sandbox.expireLocally()
            await sandbox.emulator.expireAccessTokens()
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await sandbox.run(["whoami", "--json"], env: ["MARGIN_TIMEOUT": "120"]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results { #expect(result.status == 0, "\(result.stderr)") }
            #expect(await sandbox.refreshCount() == 1)
            try await sandbox.expectOnlySealedRefreshToken()
            await service.stop(checking: sandbox)
        }
    }

    @Test("a tampered stored token is refused by the service without asking Spotify: exit 4, log in again")
    func tampered() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            try #require(try await sandbox.login(through: service).status == 0)
            let sealed = try #require(try sandbox.storedRefreshToken())
            // One character of the ciphertext changed (not the last, whose low bits may be padding).
            var characters = Array(sealed)
            characters[characters.count - 10] = characters[characters.count - 10] == "A" ? "B" : "A"
            let tampered = String(characters)
            let text = try sandbox.credentialsText().replacingOccurrences(of: sealed, with: tampered)
            try Data(text.utf8).write(to: URL(fileURLWithPath: sandbox.credentialsPath))
            try sandbox.expireLocally()
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4)
            #expect(result.stderr.contains("margin login"))
            #expect(await sandbox.refreshCount() == 0, "the tampered token never reached Spotify")
            await service.stop(checking: sandbox)
        }
    }

    @Test("after a key rotation old logins keep working; a key this instance lacks is 503 unknown_key and the login is kept")
    func keyRotation() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let first = try await TokenServiceProcess.start(sandbox)
            try #require(try await sandbox.login(through: first).status == 0)
            #expect(try sandbox.storedRefreshToken()?.hasPrefix("v1.k1.") == true)
            await first.stop(checking: sandbox)
            let port = try #require(first.url.port)
            let rotated = try await TokenServiceProcess.start(sandbox, keys: ["k1 \(TokenServiceProcess.keyOne)", "k2 \(TokenServiceProcess.keyTwo)"],
                                                              port: port)
            try sandbox.expireLocally()
            let refreshed = try await sandbox.margin("whoami")
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(try sandbox.storedRefreshToken()?.hasPrefix("v1.k2.") == true, "the session moved to the current key")
            await rotated.stop(checking: sandbox)
            let retired = try await TokenServiceProcess.start(sandbox, keys: ["k3 \(TokenServiceProcess.keyOne)"], port: port)
            try sandbox.expireLocally()
            // A rotation may be under way at another instance: not the end of the login.
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 7, "\(result.stderr)")
            #expect(result.stderr.contains("rotation"), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before, "the credentials are kept byte for byte")
            await retired.stop(checking: sandbox)
        }
    }

    @Test("a service that is down is exit 7 with its URL; one that rate limits this machine, exit 7 with the wait")
    func downAndLimited() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox, arguments: ["--rate-limit", "2/60"])
            let url = service.url.absoluteString
            // The login's two requests (GET /config, POST /swap) use up the limit of 2 a minute.
            try #require(try await sandbox.login(through: service).status == 0)
            try sandbox.expireLocally()
            let limited = try await sandbox.margin("whoami")
            #expect(limited.status == 7)
            #expect(limited.stderr.contains("rate limiting this machine"), "\(limited.stderr)")
            await service.stop(checking: sandbox)
            let down = try await sandbox.margin("whoami")
            #expect(down.status == 7)
            #expect(down.stderr.contains(url), "\(down.stderr)")
            #expect(FileManager.default.fileExists(atPath: sandbox.credentialsPath), "a service that is down does not log margin out")
        }
    }

    @Test("over HTTPS the service trusts Spotify's CA through SSL_CERT_FILE, and without it refuses the connection")
    func https() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario(.rotating), tls: true)) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            try #require(try await sandbox.login(through: service).status == 0)
            try sandbox.expireLocally()
            #expect(try await sandbox.margin("whoami").status == 0)
            #expect(await sandbox.refreshCount() == 1)
            await service.stop(checking: sandbox)
            let untrusting = try await TokenServiceProcess.start(sandbox, port: try #require(service.url.port), trustingCA: false)
            try sandbox.expireLocally()
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 7, "\(result.stderr)")
            #expect(result.stderr.contains("answered 502"), "the service could not reach Spotify: \(result.stderr)")
            #expect(await sandbox.refreshCount() == 1, "no token request got through an untrusted connection")
            await untrusting.stop(checking: sandbox)
        }
    }
}
