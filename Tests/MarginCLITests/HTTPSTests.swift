import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// The path real users take: HTTPS, with the CA trusted through SSL_CERT_FILE.
@Suite("Over HTTPS")
struct HTTPSTests {
    @Test("login, a note, a refresh and a playback command over HTTPS, trusting the emulator's CA through SSL_CERT_FILE")
    func wholeSessionOverHTTPS() async throws {
        try await using(try await Sandbox.loggedIn(tls: true)) { sandbox in
            #expect(sandbox.baseURL.scheme == "https")
            let note = try await sandbox.object("note", "over TLS", "--json")
            #expect(note["pinned"] as? Bool == true)
            #expect(note["item_id"] as? String == "512ojhOuo1ktJprKbVcKyQ")

            await sandbox.emulator.expireAccessTokens()
            let whoami = try await sandbox.margin("whoami")
            #expect(whoami.status == 0, "\(whoami.stderr)")
            #expect(await sandbox.refreshCount() == 1)

            let paused = try await sandbox.margin("pause")
            #expect(paused.status == 0, "\(paused.stderr)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == false)
        }
    }

    @Test("trusting another CA, the emulator is refused: named as a certificate problem, exit 7, the note still saved")
    func untrustedWithoutTheCA() async throws {
        try await using(try await Sandbox.loggedIn(tls: true)) { sandbox in
            let other = sandbox.root + "/other-ca.pem"
            try Data(try TestAuthority(name: "another CA").pem().utf8).write(to: URL(fileURLWithPath: other))
            let now = try await sandbox.margin("now", env: ["SSL_CERT_FILE": other])
            #expect(now.status == 7)
            #expect(now.stderr.contains("127.0.0.1") && now.stderr.contains("not trusted") && now.stderr.contains("SSL_CERT_FILE"),
                    "\(now.stderr)")
            let note = try await sandbox.margin("note", "kept anyway", env: ["SSL_CERT_FILE": other])
            #expect(note.status == 0)
            #expect(note.stderr.contains("not trusted"), "\(note.stderr)")
            #expect(try await sandbox.notes("list", "--json").first?["text"] as? String == "kept anyway")
        }
    }
}
