import Foundation
import Testing
@testable import SpotifyClient

@Suite("PKCE")
struct PKCETests {
    @Test("matches the RFC 7636 appendix B test vector")
    func rfcVector() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("generates verifiers of unreserved characters that never repeat")
    func generated() {
        let a = PKCE.generate(), b = PKCE.generate()
        #expect(a.verifier.count == 64)
        #expect(a.verifier != b.verifier)
        #expect(a.verifier.allSatisfy { RandomToken.unreserved.contains($0) })
        #expect(!a.challenge.contains("=") && !a.challenge.contains("+") && !a.challenge.contains("/"))
        #expect(a.challenge == PKCE.challenge(for: a.verifier))
    }

    @Test("clamps verifier length to 43...128")
    func lengths() {
        #expect(PKCE.generate(length: 10).verifier.count == 43)
        #expect(PKCE.generate(length: 500).verifier.count == 128)
    }
}

@Suite("Authorize URL")
struct AuthorizeRequestTests {
    let request = AuthorizeRequest(
        accountsURL: URL(string: "https://accounts.spotify.com")!, clientID: "abc123",
        redirectURI: "http://127.0.0.1:8888/callback", state: "st4te",
        pkce: PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))

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
