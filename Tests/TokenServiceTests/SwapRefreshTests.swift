import Foundation
import SpotifyClient
import SpotifyEmulator
import TestSupport
import Testing
@testable import TokenService

@Suite("POST /swap and /refresh against the emulator")
struct SwapRefreshTests {
    @Test("a swap returns Spotify's access token and a sealed refresh token, never Spotify's own")
    func swap() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/swap", [("code", try await harness.code()),
                                                         ("redirect_uri", ServiceHarness.redirectWithPort),
                                                         ("code_verifier", ServiceHarness.verifier)])
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.headers["cache-control"] == "no-store")
            #expect(reply.object["expires_in"] as? Int == 3600)
            let access = try #require(reply["access_token"])
            let sealed = try #require(reply["refresh_token"])
            #expect(sealed.hasPrefix("v1.k1."))
            let secrets = await harness.emulator.secrets()
            #expect(secrets.contains(access))
            #expect(!secrets.contains(sealed), "the client holds ciphertext, not a token Spotify issued")
            #expect(try TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys")).open(sealed).token.hasPrefix("AQ"))
            await harness.expectNoSecretsLogged()
        }
    }

    @Test("a confidential login may leave PKCE out; the secret stands in for the verifier")
    func swapWithoutPKCE() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/swap", [("code", try await harness.code(pkce: false)),
                                                         ("redirect_uri", ServiceHarness.redirectWithPort)])
            #expect(reply.status == 200, "\(reply.text)")
        }
    }

    @Test("a code asked for with PKCE is not swapped without its verifier")
    func verifierRequired() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/swap", [("code", try await harness.code()), ("redirect_uri", ServiceHarness.redirectWithPort)])
            #expect(reply.status == 400)
            #expect(reply["error"] == "invalid_request")
        }
    }

    @Test("a redirect URI outside the allow-list is refused before Spotify is asked")
    func redirectNotAllowed() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/swap", [("code", try await harness.code()), ("redirect_uri", "http://127.0.0.1:43123/other"),
                                                         ("code_verifier", ServiceHarness.verifier)])
            #expect(reply.status == 400)
            #expect(reply["error"] == "invalid_request")
            #expect(await harness.upstreamCount() == 0)
        }
    }

    @Test("refresh in the 2026 mode keeps the client's sealed token; in the rotating mode it hands out a new one",
          arguments: [Scenario.RefreshMode.nonRotating, .rotating])
    func refresh(mode: Scenario.RefreshMode) async throws {
        try await using(try await ServiceHarness.start(Scenario(refreshMode: mode))) { harness in
            var sealed = try await harness.login()
            for _ in 0..<2 {
                let reply = try await harness.post("/refresh", [("refresh_token", sealed)])
                #expect(reply.status == 200, "\(reply.text)")
                #expect(reply["access_token"]?.hasPrefix("BQ") == true)
                switch mode {
                case .nonRotating:
                    #expect(reply["refresh_token"] == nil)
                case .rotating:
                    let next = try #require(reply["refresh_token"])
                    #expect(next != sealed && next.hasPrefix("v1.k1."))
                    sealed = next
                }
            }
            await harness.expectNoSecretsLogged()
        }
    }

    @Test("a tampered, truncated or foreign token is 400 invalid_grant and never reaches Spotify")
    func tampered() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let sealed = try await harness.login()
            let before = await harness.upstreamCount()
            var flipped = Array(sealed)
            flipped[flipped.count - 5] = flipped[flipped.count - 5] == "A" ? "B" : "A"
            let foreign = try TokenSealer(keys: try KeyRing(text: "k1 \(testKey(9))", path: "keys")).seal("AQ-foreign")
            let body = try #require(Base64URL.decode(sealed.dropFirst("v1.k1.".count)))
            let truncated = "v1.k1." + body.dropLast(8).base64URLEncodedString()
            for token in [String(flipped), truncated, foreign, "AQ" + String(repeating: "z", count: 128)] {
                let reply = try await harness.post("/refresh", [("refresh_token", token)])
                #expect(reply.status == 400)
                #expect(reply["error"] == "invalid_grant")
                #expect(reply["error_description"] == "Invalid refresh token")
            }
            #expect(await harness.upstreamCount() == before)
        }
    }

    @Test("a sealed token that is not canonical base64url is 400 invalid_request, not invalid_grant, and never reaches Spotify")
    func nonCanonical() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let sealed = try await harness.login()
            let before = await harness.upstreamCount()
            for token in [sealed + "=", sealed.replacingOccurrences(of: "-", with: "+") + "/+", sealed + "%"] {
                let reply = try await harness.post("/refresh", [("refresh_token", token)])
                #expect(reply.status == 400, "\(reply.text)")
                #expect(reply["error"] == "invalid_request")
            }
            #expect(await harness.upstreamCount() == before)
        }
    }

    @Test("a token sealed with a key this instance lacks is 503 unknown_key with Retry-After 5, and never reaches Spotify")
    func unknownKey() async throws {
        let first = try await ServiceHarness.start(keys: "k1 \(testKey(1))\nk2 \(testKey(2))")
        let sealed = try await first.login()
        #expect(sealed.hasPrefix("v1.k2."))
        await first.server.stop()
        try await using(try await ServiceHarness.start(keys: "k1 \(testKey(1))", emulator: (first.emulator, first.emulatorURL))) { second in
            let before = await second.upstreamCount()
            let reply = try await second.post("/refresh", [("refresh_token", sealed)])
            #expect(reply.status == 503)
            #expect(reply.headers["retry-after"] == "5")
            #expect(reply.text == #"{"error":"unknown_key","error_description":"this token was sealed with a key this instance does not have; a key rotation may be in progress, try again shortly"}"#)
            #expect(await second.upstreamCount() == before)
        }
    }

    @Test("after a key rotation old sessions refresh, and come back sealed under the new key")
    func rotation() async throws {
        let first = try await ServiceHarness.start()
        let sealed = try await first.login()
        await first.server.stop()
        let emulatorURL = first.emulatorURL
        try await using(try await ServiceHarness.start(keys: "k1 \(testKey(1))\nk2 \(testKey(2))", emulator: (first.emulator, emulatorURL))) { second in
            let reply = try await second.post("/refresh", [("refresh_token", sealed)])
            #expect(reply.status == 200, "\(reply.text)")
            let resealed = try #require(reply["refresh_token"])
            #expect(resealed.hasPrefix("v1.k2."))
            #expect(try await second.post("/refresh", [("refresh_token", resealed)]).status == 200)
            #expect(try await second.post("/swap", [("code", try await second.code()), ("redirect_uri", ServiceHarness.redirectWithPort),
                                                   ("code_verifier", ServiceHarness.verifier)])["refresh_token"]?.hasPrefix("v1.k2.") == true)
        }
    }
}
