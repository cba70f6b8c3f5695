import Foundation
import SpotifyEmulator
import Testing

/// The RFC 7636 appendix B test vector.
enum RFC7636 {
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
}

/// Tokens from a completed login.
struct Tokens: Sendable {
    var access: String
    var refresh: String
}

/// Starts an emulator for one test, logs in if asked, and always stops it afterwards.
func withEmulator(
    _ scenario: Scenario = Scenario(),
    _ body: (SpotifyEmulator, HTTPClient) async throws -> Void
) async throws {
    let emulator = SpotifyEmulator(scenario: scenario)
    let base = try await emulator.start()
    let client = HTTPClient(base: base)
    do {
        try await body(emulator, client)
    } catch {
        await emulator.stop()
        throw error
    }
    await emulator.stop()
}

extension HTTPClient {
    static let redirectURI = "http://127.0.0.1:8765/callback"

    /// `/authorize` with margin's parameters; `overrides` replace or (with nil) drop some.
    func authorize(_ overrides: [String: String?] = [:]) async throws -> HTTPReply {
        var fields: [String: String?] = [
            "client_id": "margin-test-client",
            "response_type": "code",
            "redirect_uri": HTTPClient.redirectURI,
            "state": "st4te-123",
            "scope": "user-read-currently-playing user-read-playback-state",
            "code_challenge_method": "S256",
            "code_challenge": RFC7636.challenge,
        ]
        for (key, value) in overrides { fields[key] = value }
        let query = fields.compactMap { key, value in value.map { "\(key)=\(formEncode($0))" } }
            .sorted().joined(separator: "&")
        return try await get("/authorize?" + query)
    }

    /// The query items of a redirect's `Location`.
    static func redirectItems(_ reply: HTTPReply) throws -> [String: String] {
        let location = try #require(reply.header("Location"))
        let items = try #require(URLComponents(string: location)?.queryItems)
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// A code from an approved `/authorize`.
    func authorizationCode() async throws -> String {
        let reply = try await authorize()
        #expect(reply.status == 302)
        return try #require(HTTPClient.redirectItems(reply)["code"])
    }

    /// Exchanges `code` for tokens.
    func exchange(_ code: String, verifier: String = RFC7636.verifier,
                  redirectURI: String = HTTPClient.redirectURI) async throws -> HTTPReply {
        try await postForm("/api/token", [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", "margin-test-client"), ("code_verifier", verifier),
        ])
    }

    /// The whole PKCE login, returning the tokens.
    func login() async throws -> Tokens {
        let reply = try await exchange(try await authorizationCode())
        #expect(reply.status == 200)
        let object = try #require(reply.object)
        return Tokens(access: try #require(object["access_token"] as? String),
                      refresh: try #require(object["refresh_token"] as? String))
    }

    /// A refresh-token grant.
    func refresh(_ token: String) async throws -> HTTPReply {
        try await postForm("/api/token", [
            ("grant_type", "refresh_token"), ("refresh_token", token), ("client_id", "margin-test-client"),
        ])
    }
}
