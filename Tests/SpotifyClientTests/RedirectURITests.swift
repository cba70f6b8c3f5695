import Foundation
import Testing
@testable import SpotifyClient

@Suite("Redirect URI")
struct RedirectURITests {
    @Test("accepts loopback IP literals with and without a port", arguments: [
        ("http://127.0.0.1:8888/callback", "127.0.0.1", 8888 as Int?, "/callback"),
        ("http://[::1]:9000/cb", "::1", 9000, "/cb"),
        ("http://127.0.0.1/callback", "127.0.0.1", nil, "/callback"),
        ("http://127.0.0.1:4000", "127.0.0.1", 4000, "/"),
    ])
    func accepted(uri: String, host: String, port: Int?, path: String) throws {
        let parsed = try RedirectURI(uri)
        #expect(parsed.host == host)
        #expect(parsed.port == port)
        #expect(parsed.path == path)
    }

    @Test("resolves a free port into the URI sent to Spotify")
    func resolved() throws {
        #expect(try RedirectURI("http://127.0.0.1/callback").resolved(port: 53682) == "http://127.0.0.1:53682/callback")
        #expect(try RedirectURI("http://[::1]/cb").resolved(port: 4000) == "http://[::1]:4000/cb")
    }

    @Test("refuses localhost with Spotify's rule", arguments: ["http://localhost:8888/callback", "http://LOCALHOST/cb"])
    func localhost(uri: String) {
        #expect(throws: RedirectURIError.localhost(uri)) { try RedirectURI(uri) }
        #expect(RedirectURIError.localhost(uri).errorDescription?.contains("127.0.0.1") == true)
    }

    @Test("refuses addresses margin cannot listen on", arguments: [
        "https://example.com/callback", "http://192.168.1.20:8888/callback", "http://10.0.0.1/cb", "https://127.0.0.1:8888/cb",
    ])
    func notLoopback(uri: String) {
        #expect(throws: RedirectURIError.notLoopback(uri)) { try RedirectURI(uri) }
    }

    @Test("refuses malformed URIs", arguments: [
        "not a uri", "127.0.0.1:8888/callback", "ftp://127.0.0.1/cb", "http://127.0.0.1:99999/cb", "http://127.0.0.1:8888/cb?x=1", "",
    ])
    func malformed(uri: String) {
        #expect(throws: RedirectURIError.malformed(uri)) { try RedirectURI(uri) }
    }
}

@Suite("Callback query")
struct CallbackOutcomeTests {
    @Test("classifies callbacks by code, error and state")
    func classify() {
        #expect(CallbackOutcome.classify(query: "code=abc&state=s1", expectedState: "s1") == .code("abc"))
        #expect(CallbackOutcome.classify(query: "error=access_denied&state=s1", expectedState: "s1") == .denied("access_denied"))
        #expect(CallbackOutcome.classify(query: "code=abc&state=other", expectedState: "s1") == .stateMismatch)
        #expect(CallbackOutcome.classify(query: "code=abc", expectedState: "s1") == .stateMismatch)
        #expect(CallbackOutcome.classify(query: "error=access_denied", expectedState: "s1") == .stateMismatch)
        #expect(CallbackOutcome.classify(query: nil, expectedState: "s1") == .ignored)
        #expect(CallbackOutcome.classify(query: "foo=bar", expectedState: "s1") == .ignored)
        #expect(CallbackOutcome.classify(query: "code=&state=s1", expectedState: "s1") == .ignored)
    }

    @Test("reads a pasted redirect URL and rejects other text")
    func pasted() {
        #expect(CallbackOutcome.classify(pastedURL: "  http://127.0.0.1:8888/callback?code=c%2B1&state=s1\n", expectedState: "s1") == .code("c+1"))
        #expect(CallbackOutcome.classify(pastedURL: "http://127.0.0.1:8888/callback", expectedState: "s1") == nil)
        #expect(CallbackOutcome.classify(pastedURL: "hello", expectedState: "s1") == nil)
    }

    @Test("decodes form encoding, keeping the first of duplicates")
    func formDecoding() {
        #expect(FormEncoding.decode("a=1&b=x+y&a=2&c=%E2%9C%93&d") == ["a": "1", "b": "x y", "c": "✓", "d": ""])
        #expect(FormEncoding.encode([("k", "a b&c=d/é")]) == "k=a%20b%26c%3Dd%2F%C3%A9")
    }
}
