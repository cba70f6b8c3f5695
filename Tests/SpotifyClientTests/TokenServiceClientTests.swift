import Foundation
import Testing
@testable import SpotifyClient

@Suite("Token service client")
struct TokenServiceClientTests {
    let service = URL(string: "https://tokens.example.org")!

    @Test("picks the user's redirect URI when the service allows it, else the service's first loopback one")
    func redirect() throws {
        let offered = TokenServiceClient.Configuration(clientID: "shared", redirectURIs: ["https://app.example.org/cb", "http://127.0.0.1/callback"])
        let portless = try RedirectURI("http://127.0.0.1/callback")
        let fixed = try RedirectURI("http://127.0.0.1:8888/callback")
        #expect(try offered.redirect(preferred: fixed, chosen: true) == fixed, "a port-less registration allows any port")
        #expect(try offered.redirect(preferred: portless, chosen: true) == portless)
        let strict = TokenServiceClient.Configuration(clientID: "shared", redirectURIs: ["http://127.0.0.1:9999/cb"])
        #expect(try strict.redirect(preferred: fixed, chosen: false) == RedirectURI("http://127.0.0.1:9999/cb"))
        #expect(throws: TokenServiceError.redirectNotAllowed(uri: fixed.description, allowed: ["http://127.0.0.1:9999/cb"])) {
            try strict.redirect(preferred: fixed, chosen: true)
        }
    }

    @Test("refreshes with the sealed token only: no client id, no secret")
    func refreshForm() async throws {
        let transport = ScriptedTransport([.json(200, #"{"access_token":"BQnew","expires_in":3600,"refresh_token":"v1.k2.abc"}"#)])
        let reply = try await TokenServiceClient(baseURL: service, transport: transport).refresh(sealed: "v1.k1.xyz")
        #expect(reply.refreshToken == "v1.k2.abc")
        let sent = try #require(await transport.sent.first)
        #expect(sent.url.absoluteString == "https://tokens.example.org/refresh")
        #expect(FormEncoding.decode(String(decoding: sent.body ?? Data(), as: UTF8.self)) == ["refresh_token": "v1.k1.xyz"])
    }

    @Test("invalid_grant means log in again; a service that is down (the login kept) or limiting is named by its URL")
    func errors() async throws {
        let revoked = ScriptedTransport([.json(400, #"{"error":"invalid_grant","error_description":"Invalid refresh token"}"#)])
        await #expect(throws: SpotifyError.loginRevoked("the token service at https://tokens.example.org refused the stored login: invalid_grant: Invalid refresh token")) {
            try await TokenServiceClient(baseURL: service, transport: revoked).refresh(sealed: "v1.k1.x")
        }
        let down = ScriptedTransport([.fail(.unreachable(endpoint: "POST /refresh", reset: false))])
        await #expect(throws: TokenServiceError.refreshDeferred(url: "https://tokens.example.org", reason: "could not be reached")) {
            try await TokenServiceClient(baseURL: service, transport: down).refresh(sealed: "v1.k1.x")
        }
        let limited = ScriptedTransport([.json(429, #"{"error":"rate_limited"}"#, headers: ["Retry-After": "30"])])
        await #expect(throws: TokenServiceError.rateLimited(url: "https://tokens.example.org", retryAfter: 30)) {
            try await TokenServiceClient(baseURL: service, transport: limited).refresh(sealed: "v1.k1.x")
        }
        #expect(TokenServiceError.unreachable(url: "https://tokens.example.org").errorDescription?.contains("https://tokens.example.org") == true)
    }

    @Test("credentials from a direct login have no token service, on disk or decoded")
    func directCredentials() throws {
        let text = String(decoding: try JSONEncoder.margin.encode(sampleCredentials), as: UTF8.self)
        #expect(!text.contains("token_service"))
        var through = sampleCredentials
        through.tokenService = service
        let decoded = try JSONDecoder.margin.decode(Credentials.self, from: try JSONEncoder.margin.encode(through))
        #expect(decoded.tokenService == service)
    }
}
