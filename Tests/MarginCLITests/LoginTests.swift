import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("margin login", .serialized)
struct LoginTests {
    @Test("logs in end to end through a browser, storing 0600 credentials in a 0700 directory")
    func completeLogin() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await MarginProcess.run(
                ["-c", "umask 000; exec \"$0\" login --timeout 20", MarginProcess.marginPath],
                environment: sandbox.environment(), executable: "/bin/sh")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Logged in to Spotify as Margin Listener (margin-listener)"))
            #expect(result.stderr.contains("/authorize?client_id=0123456789abcdef0123456789abcdef"))
            #expect(try sandbox.credentialsMode() == 0o600)
            #expect(try sandbox.directoryMode() == 0o700)
            let page = try String(contentsOfFile: sandbox.browserPagePath, encoding: .utf8)
            #expect(page.contains("You can close this tab") && page.hasSuffix("</html>"), "the browser got: \(page)")
            let log = await sandbox.emulator.requestLog()
            let exchange = try #require(log.first { $0.grantType == "authorization_code" })
            #expect(exchange.status == 200)
            let secrets = await sandbox.emulator.secrets()
            #expect(!secrets.isEmpty)
            for secret in secrets { #expect(!result.output.contains(secret), "a secret reached margin's output") }
        }
    }

    @Test("a denied login stores nothing and says so plainly")
    func denied() async throws {
        try await using(try await Sandbox.start(Scenario(authorize: .deny))) { sandbox in
            let result = try await sandbox.login()
            #expect(result.status == 4)
            #expect(result.stderr.contains("not granted"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsPath))
        }
    }

    @Test("a callback with a forged state gets a 400 page and is ignored; the real one then logs in")
    func forgedState() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("login", "--timeout", "20", env: ["BROWSER": sandbox.browserScript(forgeState: true)])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Logged in to Spotify as Margin Listener"))
            #expect(try String(contentsOfFile: sandbox.forgedStatusPath, encoding: .utf8) == "400")
            #expect(try String(contentsOfFile: sandbox.forgedPagePath, encoding: .utf8).contains("ignored it"))
            #expect(try String(contentsOfFile: sandbox.browserPagePath, encoding: .utf8).contains("You can close this tab"))
            // Only the real callback's code was exchanged: the forged one never reached Spotify.
            let exchanges = await sandbox.emulator.requestLog().filter { $0.grantType == "authorization_code" }
            #expect(exchanges.map(\.status) == [200])
        }
    }

    @Test("refuses localhost and non-loopback redirect URIs before anything starts", arguments: [
        "http://localhost:8888/callback", "http://192.168.0.10:8888/callback", "::nonsense",
    ])
    func badRedirect(uri: String) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("login", env: ["MARGIN_REDIRECT_URI": uri])
            #expect(result.status == 1)
            #expect(result.stderr.contains("127.0.0.1"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(await sandbox.emulator.requestLog().isEmpty)
        }
    }

    @Test("without a client ID explains how to create a Spotify app")
    func noClientID() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("login", env: ["MARGIN_CLIENT_ID": ""])
            #expect(result.status == 1)
            #expect(result.stderr.contains("developer.spotify.com/dashboard"))
            #expect(result.stderr.contains("http://127.0.0.1/callback"))
            #expect(result.stderr.contains("margin config set client-id"))
        }
    }

    @Test("gives up after --timeout when no callback comes")
    func timesOut() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("login", "--no-browser", "--timeout", "1")
            #expect(result.status == 4)
            #expect(result.stderr.contains("within 1 s"))
        }
    }

    @Test("a browser command that fails is said at once, with the remedy, while the login still waits for the URL to be opened")
    func browserFails() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            for (browser, reason) in [("no-such-browser-here", "not found"), ("/bin/false", "exit 1")] {
                let result = try await sandbox.margin("login", "--timeout", "3", env: ["BROWSER": browser])
                #expect(result.status == 4, "\(result.stderr)")
                #expect(result.stderr.contains("margin: the browser command '\(browser)' failed (\(reason)); open the URL above yourself, or set BROWSER"),
                        "\(result.stderr)")
                // Said before the wait ends, not with it.
                let lines = result.stderr.split(separator: "\n")
                let said = try #require(lines.firstIndex { $0.contains("the browser command") })
                let gaveUp = try #require(lines.firstIndex { $0.contains("no login callback arrived") })
                #expect(said < gaveUp)
            }
            // A browser that works says nothing of the kind, nor one that fails once the login is done.
            let fine = try await sandbox.login()
            #expect(fine.status == 0, "\(fine.stderr)")
            #expect(!fine.stderr.contains("the browser command"))
            let late = sandbox.root + "/browser-fails-after"
            try Data("#!/bin/sh\ncurl -s -o /dev/null -L \"$1\"\nexit 3\n".utf8).write(to: URL(fileURLWithPath: late))
            let after = try await sandbox.margin("login", "--timeout", "20", env: ["BROWSER": "/bin/sh " + late])
            #expect(after.status == 0, "\(after.stderr)")
            #expect(!after.stderr.contains("the browser command"), "\(after.stderr)")
        }
    }

    @Test("a --client-id flag wins over the environment")
    func clientIDFlag() async throws {
        try await using(try await Sandbox.start(Scenario(clientID: "flagclient"))) { sandbox in
            let result = try await sandbox.margin("login", "--client-id", "flagclient", "--timeout", "20")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("client_id=flagclient"))
        }
    }
}
