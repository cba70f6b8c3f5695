import Foundation
import SpotifyEmulator
import Testing

@Suite("Accounts service: authorize and code exchange")
struct AccountsTests {
    @Test("a PKCE login with the RFC 7636 verifier returns Bearer tokens and echoes state")
    func fullExchange() async throws {
        try await withEmulator { _, client in
            let authorize = try await client.authorize()
            #expect(authorize.status == 302)
            let location = try #require(authorize.header("Location"))
            #expect(location.hasPrefix(HTTPClient.redirectURI + "?"))
            let items = try HTTPClient.redirectItems(authorize)
            #expect(items["state"] == "st4te-123")
            let code = try #require(items["code"])

            let reply = try await client.exchange(code)
            #expect(reply.status == 200)
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["access_token", "token_type", "scope", "expires_in", "refresh_token"])
            #expect(object["token_type"] as? String == "Bearer")
            #expect(object["expires_in"] as? Int == 3600)
            #expect(object["scope"] as? String == "user-read-currently-playing user-read-playback-state")
            let access = try #require(object["access_token"] as? String)
            #expect(access.hasPrefix("BQ") && access.count == 58)
            #expect((object["refresh_token"] as? String)?.hasPrefix("AQ") == true)
            #expect(try await client.get("/v1/me", token: access).status == 200)
        }
    }

    @Test("a code works once")
    func codeIsSingleUse() async throws {
        try await withEmulator { _, client in
            let code = try await client.authorizationCode()
            #expect(try await client.exchange(code).status == 200)
            let again = try await client.exchange(code)
            #expect(again.status == 400)
            #expect(again.object?["error"] as? String == "invalid_grant")
            #expect(again.object?["error_description"] as? String == "Invalid authorization code")
        }
    }

    @Test("a wrong verifier is invalid_grant and leaves the code usable")
    func wrongVerifier() async throws {
        try await withEmulator { _, client in
            let code = try await client.authorizationCode()
            let wrong = try await client.exchange(code, verifier: String(repeating: "a", count: 43))
            #expect(wrong.status == 400)
            #expect(wrong.object?["error"] as? String == "invalid_grant")
            #expect(wrong.object?["error_description"] as? String == "code_verifier was incorrect")
            #expect(try await client.exchange(code).status == 200)
        }
    }

    @Test("the redirect URI must match the one given to /authorize")
    func redirectMismatch() async throws {
        try await withEmulator { _, client in
            let code = try await client.authorizationCode()
            let reply = try await client.exchange(code, redirectURI: "http://127.0.0.1:9999/other")
            #expect(reply.object?["error_description"] as? String == "Invalid redirect URI")
        }
    }

    @Test("localhost and plain-http redirect URIs are refused as insecure")
    func insecureRedirects() async throws {
        try await withEmulator { _, client in
            for uri in ["http://localhost:8765/callback", "http://example.com/callback"] {
                let reply = try await client.authorize(["redirect_uri": uri])
                #expect(reply.status == 400)
                #expect(reply.text.contains("INVALID_CLIENT: Insecure redirect URI"))
            }
            #expect(try await client.authorize(["redirect_uri": "http://[::1]:8765/cb"]).status == 302)
            #expect(try await client.authorize(["redirect_uri": "https://example.com/cb"]).status == 302)
        }
    }

    @Test("authorize refuses a missing challenge, plain method and wrong response type")
    func authorizeValidation() async throws {
        try await withEmulator { _, client in
            let broken: [[String: String?]] = [
                ["code_challenge": nil], ["code_challenge_method": "plain"],
                ["response_type": "token"], ["client_id": nil], ["redirect_uri": nil],
            ]
            for overrides in broken {
                let reply = try await client.authorize(overrides)
                #expect(reply.status == 400, "\(overrides)")
            }
        }
    }

    @Test("a scenario client id rejects other clients")
    func clientIDCheck() async throws {
        try await withEmulator(Scenario(clientID: "only-this-one")) { _, client in
            let reply = try await client.authorize()
            #expect(reply.status == 400)
            #expect(reply.text.contains("INVALID_CLIENT: Invalid client"))
            #expect(try await client.authorize(["client_id": "only-this-one"]).status == 302)
        }
    }

    @Test("deny sends the browser back with access_denied and the state")
    func deny() async throws {
        try await withEmulator(Scenario(authorize: .deny)) { _, client in
            let reply = try await client.authorize()
            #expect(reply.status == 302)
            let items = try HTTPClient.redirectItems(reply)
            #expect(items["error"] == "access_denied")
            #expect(items["state"] == "st4te-123")
            #expect(items["code"] == nil)
        }
    }

    @Test("the token endpoint takes form bodies only and names unknown grants")
    func tokenRequestValidation() async throws {
        try await withEmulator { _, client in
            let json = try await client.sendJSON("POST", "/api/token", #"{"grant_type":"authorization_code"}"#)
            #expect(json.status == 400)
            #expect(json.object?["error"] as? String == "invalid_request")
            let grant = try await client.postForm("/api/token", [("grant_type", "password")])
            #expect(grant.object?["error"] as? String == "unsupported_grant_type")
        }
    }
}
