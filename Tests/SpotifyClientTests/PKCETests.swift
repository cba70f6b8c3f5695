import Foundation
import Testing
@testable import SpotifyClient

@Suite("PKCE")
struct PKCETests {
    @Test("matches the RFC 7636 appendix B test vector")
    func rfcVector() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("generates verifiers of unreserved characters that never repeat")
    func generated() throws {
        let a = try PKCE.generate(), b = try PKCE.generate()
        #expect(a.verifier.count == 64)
        #expect(a.verifier != b.verifier)
        #expect(a.verifier.allSatisfy { RandomToken.unreserved.contains($0) })
        #expect(!a.challenge.contains("=") && !a.challenge.contains("+") && !a.challenge.contains("/"))
        #expect(a.challenge == (try PKCE.challenge(for: a.verifier)))
    }

    @Test("clamps verifier length to 43...128")
    func lengths() throws {
        #expect(try PKCE.generate(length: 10).verifier.count == 43)
        #expect(try PKCE.generate(length: 500).verifier.count == 128)
    }

    @Test("SHA-256 from the system's library: the FIPS 180-2 vectors, base64url", arguments: [
        ("", "47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"),
        ("abc", "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "JI1qYdIGOLjlwCaTDD5gOaM85Flk_yFn9uzt1BnbBsE"),
    ])
    func sha256(input: String, expected: String) throws {
        #expect(try PKCE.challenge(for: input) == expected)
    }
}

@Suite("Authorize URL")
struct AuthorizeRequestTests {
    let request: AuthorizeRequest

    init() throws {
        request = AuthorizeRequest(
            accountsURL: try #require(URL(string: "https://accounts.spotify.com")), clientID: "abc123",
            redirectURI: "http://127.0.0.1:8888/callback", state: "st4te",
            pkce: try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
    }

    @Test("carries every parameter Spotify needs, form-encoded")
    func parameters() throws {
        let url = request.url
        #expect(url.absoluteString.hasPrefix("https://accounts.spotify.com/authorize?"))
        let items = FormEncoding.decode(try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery))
        #expect(items["client_id"] == "abc123")
        #expect(items["response_type"] == "code")
        #expect(items["redirect_uri"] == "http://127.0.0.1:8888/callback")
        #expect(items["state"] == "st4te")
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"] == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(items["scope"] == AuthorizeRequest.scopes.joined(separator: " "))
        #expect(url.absoluteString.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A8888%2Fcallback"))
        #expect(url.absoluteString.contains("scope=user-read-currently-playing%20user-read-playback-state"))
    }

    @Test("never contains the verifier")
    func noVerifier() {
        #expect(!request.url.absoluteString.contains(request.pkce.verifier))
    }

    @Test("asks for the scopes margin needs")
    func scopes() {
        #expect(Set(AuthorizeRequest.scopes) == [
            "user-read-currently-playing", "user-read-playback-state", "user-modify-playback-state",
            "user-read-playback-position", "user-read-private", "user-library-read",
        ])
    }
}
