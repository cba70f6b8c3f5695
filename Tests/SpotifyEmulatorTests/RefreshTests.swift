import Foundation
import SpotifyEmulator
import Testing

@Suite("Refresh, expiry and revocation")
struct RefreshTests {
    @Test("non-rotating refresh returns a new access token and no refresh token")
    func nonRotating() async throws {
        try await withEmulator { _, client in
            let tokens = try await client.login()
            let reply = try await client.refresh(tokens.refresh)
            #expect(reply.status == 200)
            let object = try #require(reply.object)
            #expect(object["refresh_token"] == nil)
            let access = try #require(object["access_token"] as? String)
            #expect(access != tokens.access)
            #expect(try await client.get("/v1/me", token: access).status == 200)
            // The old refresh token keeps working.
            #expect(try await client.refresh(tokens.refresh).status == 200)
        }
    }

    @Test("rotating refresh returns a new refresh token and revokes the old one")
    func rotating() async throws {
        try await withEmulator(Scenario(refreshMode: .rotating)) { _, client in
            let tokens = try await client.login()
            let reply = try await client.refresh(tokens.refresh)
            let next = try #require(reply.object?["refresh_token"] as? String)
            #expect(next != tokens.refresh)
            let old = try await client.refresh(tokens.refresh)
            #expect(old.status == 400)
            #expect(old.object?["error"] as? String == "invalid_grant")
            #expect(old.object?["error_description"] as? String == "Refresh token revoked")
            #expect(try await client.refresh(next).status == 200)
        }
    }

    @Test("expired access tokens get 401 'The access token expired' until refreshed")
    func expiry() async throws {
        try await withEmulator { emulator, client in
            let tokens = try await client.login()
            await emulator.expireAccessTokens()
            let reply = try await client.get("/v1/me/player/currently-playing", token: tokens.access)
            #expect(reply.status == 401)
            #expect(reply.errorMessage == "The access token expired")
            #expect(reply.header("WWW-Authenticate")?.contains("invalid_token") == true)
            let refreshed = try #require(try await client.refresh(tokens.refresh).object?["access_token"] as? String)
            #expect(try await client.get("/v1/me", token: refreshed).status == 200)
        }
    }

    @Test("an access token expires on its own at the end of its lifetime, on the emulator's clock")
    func lifetime() async throws {
        try await withEmulator(Scenario(accessTokenLifetime: 3600)) { emulator, client in
            let tokens = try await client.login()
            #expect(try await client.get("/v1/me", token: tokens.access).status == 200)
            // A minute short of its end (the real time the test takes is well within that).
            try await emulator.advanceClock(by: .seconds(3540))
            #expect(try await client.get("/v1/me", token: tokens.access).status == 200)
            try await emulator.advanceClock(by: .seconds(60))
            #expect(try await client.get("/v1/me", token: tokens.access).errorMessage == "The access token expired")
        }
    }

    @Test("revoke invalidates access and refresh tokens over the control API")
    func revoke() async throws {
        try await withEmulator { _, client in
            let tokens = try await client.login()
            #expect(try await client.send("POST", "/emulator/revoke").status == 200)
            #expect(try await client.get("/v1/me", token: tokens.access).errorMessage == "Invalid access token")
            let refresh = try await client.refresh(tokens.refresh)
            #expect(refresh.object?["error"] as? String == "invalid_grant")
        }
    }

    @Test("missing and unknown bearer tokens get Spotify's 401 messages")
    func badTokens() async throws {
        try await withEmulator { _, client in
            #expect(try await client.get("/v1/me").errorMessage == "No token provided")
            let unknown = try await client.get("/v1/me", token: "BQ" + String(repeating: "x", count: 56))
            #expect(unknown.status == 401)
            #expect(unknown.errorMessage == "Invalid access token")
        }
    }
}
