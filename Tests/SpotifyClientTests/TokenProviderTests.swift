import Foundation
import TestSupport
import Testing
@testable import SpotifyClient

@Suite("Token refresh")
struct TokenProviderTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func provider(_ accounts: ScriptedTransport, expiresIn: TimeInterval) throws -> (TokenProvider, CredentialStore) {
        let store = CredentialStore(directory: try temporaryDirectory() + "/margin")
        var credentials = sampleCredentials
        credentials.expiresAt = now.addingTimeInterval(expiresIn)
        try store.save(credentials)
        let client = AccountsClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: accounts)
        let fixed = now
        return (TokenProvider(store: store, accounts: client, now: { fixed }), store)
    }

    static let refreshReply = #"{"access_token":"BQfresh","token_type":"Bearer","expires_in":3600,"scope":"a b"}"#

    @Test("uses a token with more than ten minutes left as it is")
    func fresh() async throws {
        let accounts = ScriptedTransport([])
        let (tokens, _) = try provider(accounts, expiresIn: 601)
        #expect(try await tokens.accessToken() == "BQaccess")
        #expect(await accounts.sent.isEmpty)
    }

    @Test("refreshes with under ten minutes left, keeps the refresh token, stores before use")
    func nearExpiry() async throws {
        let accounts = ScriptedTransport([.json(200, Self.refreshReply)])
        let (tokens, store) = try provider(accounts, expiresIn: 599)
        #expect(try await tokens.accessToken() == "BQfresh")
        let saved = try #require(try store.load())
        #expect(saved.accessToken == "BQfresh")
        #expect(saved.refreshToken == "AQrefresh")
        #expect(saved.expiresAt == now.addingTimeInterval(3600))
        let body = String(decoding: try #require(await accounts.sent.first?.body), as: UTF8.self)
        #expect(FormEncoding.decode(body) == ["grant_type": "refresh_token", "refresh_token": "AQrefresh", "client_id": "cid"])
    }

    @Test("stores a rotated refresh token")
    func rotated() async throws {
        let reply = #"{"access_token":"BQfresh","expires_in":3600,"refresh_token":"AQrotated"}"#
        let (tokens, store) = try provider(ScriptedTransport([.json(200, reply)]), expiresIn: -5)
        _ = try await tokens.accessToken()
        #expect(try store.load()?.refreshToken == "AQrotated")
    }

    @Test("clears the credentials on invalid_grant")
    func invalidGrant() async throws {
        let reply = #"{"error":"invalid_grant","error_description":"Refresh token revoked"}"#
        let (tokens, store) = try provider(ScriptedTransport([.json(400, reply)]), expiresIn: -5)
        await #expect(throws: SpotifyError.loginRevoked("invalid_grant: Refresh token revoked")) { _ = try await tokens.accessToken() }
        #expect(try store.load() == nil)
    }

    @Test("runs one refresh for many concurrent callers")
    func singleFlight() async throws {
        let accounts = ScriptedTransport([.json(200, Self.refreshReply), .json(200, Self.refreshReply)])
        let (tokens, _) = try provider(accounts, expiresIn: 10)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await tokens.accessToken() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: "BQfresh", count: 8))
        #expect(await accounts.sent.count == 1)
    }

    @Test("on a 401 refreshes once and retries once with the new token")
    func unauthorizedRetry() async throws {
        let (tokens, _) = try provider(ScriptedTransport([.json(200, Self.refreshReply)]), expiresIn: 3600)
        let api = ScriptedTransport([
            .json(401, #"{"error":{"status":401,"message":"The access token expired"}}"#),
            .json(200, #"{"id":"u1","display_name":"U"}"#),
        ])
        let user = try await SpotifyAPI(baseURL: URL(string: "http://127.0.0.1:1/v1")!,
                                        transport: AuthorizingTransport(base: api, tokens: tokens)).me()
        #expect(user.id == "u1")
        let sent = await api.sent
        #expect(sent.map { $0.headers["Authorization"] } == ["Bearer BQaccess", "Bearer BQfresh"])
    }

    @Test("a second 401 after refreshing is reported, not looped on")
    func secondUnauthorized() async throws {
        let (tokens, _) = try provider(ScriptedTransport([.json(200, Self.refreshReply)]), expiresIn: 3600)
        let expired = ScriptedTransport.Step.json(401, #"{"error":{"status":401,"message":"Invalid access token"}}"#)
        let api = ScriptedTransport([expired, expired, .json(200, "{}")])
        let client = SpotifyAPI(baseURL: URL(string: "http://127.0.0.1:1/v1")!, transport: AuthorizingTransport(base: api, tokens: tokens))
        await #expect(throws: SpotifyError.self) { _ = try await client.me() }
        #expect(await api.sent.count == 2)
    }
}
