import Foundation
import SpotifyEmulator
import Testing

/// The confidential-client flow a token swap service uses: HTTP Basic client credentials on
/// `/api/token`, and an authorize request that may leave PKCE out.
@Suite("Accounts service: a confidential client")
struct ConfidentialClientTests {
    static let secret = "th3-app5-c1ient-5ecret"
    static let scenario = Scenario(clientID: "margin-test-client", clientSecret: secret)

    static func basic(_ id: String = "margin-test-client", _ secret: String = ConfidentialClientTests.secret) -> String {
        "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
    }

    /// A token request with `authorization` as its header.
    static func token(_ client: HTTPClient, _ fields: [(String, String)], authorization: String?) async throws -> HTTPReply {
        var headers = ["Content-Type": "application/x-www-form-urlencoded"]
        if let authorization { headers["Authorization"] = authorization }
        let body = fields.map { "\($0.0)=\(formEncode($0.1))" }.joined(separator: "&")
        return try await client.send("POST", "/api/token", headers: headers, body: Data(body.utf8))
    }

    @Test("without PKCE, the code is exchanged with Basic credentials, and the refresh too")
    func withoutPKCE() async throws {
        try await withEmulator(Self.scenario) { emulator, client in
            let authorize = try await client.authorize(["code_challenge": nil, "code_challenge_method": nil])
            #expect(authorize.status == 302)
            let code = try #require(HTTPClient.redirectItems(authorize)["code"])
            let exchange = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                         ("redirect_uri", HTTPClient.redirectURI)], authorization: Self.basic())
            #expect(exchange.status == 200)
            let refresh = try #require(exchange.object?["refresh_token"] as? String)
            let renewed = try await Self.token(client, [("grant_type", "refresh_token"), ("refresh_token", refresh)],
                                               authorization: Self.basic())
            #expect(renewed.status == 200)
            // A token the secret obtained is not refreshed without it.
            let bare = try await client.refresh(refresh)
            #expect(bare.status == 400)
            #expect(bare.object?["error"] as? String == "invalid_client")
            #expect(await emulator.secrets().contains(Self.secret), "a presented secret is a secret no output may show")
        }
    }

    @Test("with PKCE too, the verifier is still checked")
    func withPKCE() async throws {
        try await withEmulator(Self.scenario) { _, client in
            let code = try await client.authorizationCode()
            let wrong = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                      ("redirect_uri", HTTPClient.redirectURI),
                                                      ("code_verifier", String(repeating: "a", count: 43))], authorization: Self.basic())
            #expect(wrong.object?["error_description"] as? String == "code_verifier was incorrect")
            let missing = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                        ("redirect_uri", HTTPClient.redirectURI)], authorization: Self.basic())
            #expect(missing.object?["error_description"] as? String == "code_verifier must be supplied")
            let right = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                      ("redirect_uri", HTTPClient.redirectURI),
                                                      ("code_verifier", RFC7636.verifier)], authorization: Self.basic())
            #expect(right.status == 200)
        }
    }

    @Test("a wrong secret, another client's id or a header that is not Basic is invalid_client", arguments: [
        ConfidentialClientTests.basic("margin-test-client", "wrong"), ConfidentialClientTests.basic("someone-else"),
        "Bearer abc", "Basic !!!",
    ])
    func refused(authorization: String) async throws {
        try await withEmulator(Self.scenario) { _, client in
            let code = try await client.authorizationCode()
            let reply = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                      ("redirect_uri", HTTPClient.redirectURI), ("code_verifier", RFC7636.verifier)],
                                             authorization: authorization)
            #expect(reply.status == 400)
            #expect(reply.object?["error"] as? String == "invalid_client")
        }
    }

    @Test("PKCE stays required for a public client, and a code without it needs the secret")
    func publicClient() async throws {
        try await withEmulator { _, client in
            let authorize = try await client.authorize(["code_challenge": nil, "code_challenge_method": nil])
            #expect(authorize.status == 400)
        }
        try await withEmulator(Self.scenario) { _, client in
            let authorize = try await client.authorize(["code_challenge": nil, "code_challenge_method": nil])
            let code = try #require(HTTPClient.redirectItems(authorize)["code"])
            let reply = try await Self.token(client, [("grant_type", "authorization_code"), ("code", code),
                                                      ("redirect_uri", HTTPClient.redirectURI), ("client_id", "margin-test-client"),
                                                      ("code_verifier", RFC7636.verifier)], authorization: nil)
            #expect(reply.status == 400)
            #expect(reply.object?["error"] as? String == "invalid_client")
        }
    }
}
