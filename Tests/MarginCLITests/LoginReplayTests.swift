import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("login replay")
struct LoginReplayTests {
    @Test("a second login that replays the first one's code fails cleanly and keeps the stored login")
    func replayedCode() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let recorded = sandbox.root + "/first-callback"
            let recorder = sandbox.root + "/recording-browser"
            _ = FileManager.default.createFile(atPath: recorder, contents: Data("""
                #!/bin/sh
                location=$(curl -s -o /dev/null -w '%{redirect_url}' "$1")
                printf '%s' "$location" > "\(recorded)"
                curl -s -o /dev/null "$location"
                """.utf8), attributes: [.posixPermissions: 0o755])
            let first = try await sandbox.run(["login", "--timeout", "20"], env: ["BROWSER": recorder])
            #expect(first.status == 0, "\(first.stderr)")
            let stored = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))

            // An attacker (or a stale tab) sends the used code to the new attempt, with its fresh state.
            let replayer = sandbox.root + "/replaying-browser"
            _ = FileManager.default.createFile(atPath: replayer, contents: Data("""
                #!/usr/bin/env python3
                import sys, urllib.parse, urllib.request
                query = urllib.parse.parse_qs(urllib.parse.urlparse(sys.argv[1]).query)
                old = urllib.parse.parse_qs(urllib.parse.urlparse(open("\(recorded)").read()).query)["code"][0]
                callback = query["redirect_uri"][0] + "?" + urllib.parse.urlencode({"code": old, "state": query["state"][0]})
                urllib.request.urlopen(callback).read()
                """.utf8), attributes: [.posixPermissions: 0o755])
            let second = try await sandbox.run(["login", "--timeout", "20"], env: ["BROWSER": replayer])
            #expect(second.status == 4)
            #expect(second.stderr.contains("refused to exchange the login code"))
            #expect(second.stderr.split(separator: "\n").last?.hasPrefix("margin: ") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == stored)
            let exchanges = await sandbox.emulator.requestLog().filter { $0.grantType == "authorization_code" }
            #expect(exchanges.map(\.status) == [200, 400])
        }
    }
}
