import Testing
@testable import TokenService

@Suite("the redirect URI allow-list")
struct RedirectAllowListTests {
    @Test("matches exactly, and a loopback URI without a port matches any port at that path")
    func matching() throws {
        let list = try RedirectAllowList(["http://127.0.0.1/callback", "https://app.example.org/cb"])
        #expect(list.matches("http://127.0.0.1/callback"))
        #expect(list.matches("http://127.0.0.1:53124/callback"))
        #expect(list.matches("https://app.example.org/cb"))
        #expect(!list.matches("http://127.0.0.1:53124/other"))
        #expect(!list.matches("https://app.example.org:8443/cb"))
        #expect(!list.matches("http://192.168.1.2:53124/callback"))
        #expect(!list.matches("not a uri"))
    }

    @Test("refuses what Spotify refuses, and an empty list")
    func refuses() {
        #expect(throws: ServiceSetupError.noRedirectURI) { try RedirectAllowList([]) }
        for uri in ["http://localhost:8888/callback", "http://example.org/cb", "ftp://127.0.0.1/cb"] {
            #expect(throws: ServiceSetupError.badRedirectURI(uri)) { try RedirectAllowList([uri]) }
        }
    }

    @Test("implies the only URI when it names a port, for clients that send none")
    func implied() throws {
        #expect(try RedirectAllowList(["http://127.0.0.1:8888/callback"]).implied == "http://127.0.0.1:8888/callback")
        #expect(try RedirectAllowList(["http://127.0.0.1/callback"]).implied == nil)
        #expect(try RedirectAllowList(["http://127.0.0.1:1/a", "http://127.0.0.1:2/b"]).implied == nil)
    }
}
