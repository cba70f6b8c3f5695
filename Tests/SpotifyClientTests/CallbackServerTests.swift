import Foundation
import Synchronization
import TestSupport
import Testing
@testable import SpotifyClient

/// Collects what the server delivers, as it delivers it.
final class Delivered: Sendable {
    private let received = Mutex<[CallbackOutcome]>([])
    var outcomes: [CallbackOutcome] { received.withLock { $0 } }
    func add(_ outcome: CallbackOutcome) { received.withLock { $0.append(outcome) } }
}

@Suite("Login callback server")
struct CallbackServerTests {
    let http = CurlTransport(timeout: .seconds(30))

    func get(_ port: Int, _ pathAndQuery: String) async throws -> TransportResponse {
        try await http.send(TransportRequest(url: URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!))
    }

    @Test("ignores stray requests and wrong states, and lets one callback through")
    func strayAndState() async throws {
        let delivered = Delivered()
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/callback"),
                                                    expectedState: "s1") { outcome in delivered.add(outcome) }
        #expect(server.port > 0)
        #expect(try await get(server.port, "/favicon.ico").status == 404)
        #expect(try await get(server.port, "/callback").status == 404)
        #expect(try await get(server.port, "/callback?foo=bar").status == 404)
        let forged = try await get(server.port, "/callback?code=forged-code&state=forged")
        #expect(forged.status == 400)
        #expect(String(decoding: forged.body, as: UTF8.self).contains("ignored it"))
        #expect(try await get(server.port, "/callback?error=access_denied").status == 400)
        let real = try await get(server.port, "/callback?code=abc&state=s1")
        #expect(real.status == 200)
        let again = try await get(server.port, "/callback?code=abc&state=s1")
        #expect(again.status == 409)
        // The stop is awaited: every request the server took has been answered and delivered.
        await server.stop()
        #expect(delivered.outcomes == [.code("abc")])
    }

    @Test("answers the real callback with a page and closes when stopped")
    func realCallback() async throws {
        let delivered = Delivered()
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/cb"),
                                                    expectedState: "s1") { outcome in delivered.add(outcome) }
        let page = try await get(server.port, "/cb?code=the-code&state=s1")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(String(decoding: page.body, as: UTF8.self).contains("close this tab"))
        #expect(!String(decoding: page.body, as: UTF8.self).contains("the-code"))
        await server.stop()
        await #expect(throws: SpotifyError.self) { try await get(server.port, "/cb?code=x&state=s1") }
        #expect(delivered.outcomes == [.code("the-code")])
    }

    @Test("a peer that sends nothing, or too much, or no HTTP, holds up no other: the real callback still gets its page")
    func hostilePeers() async throws {
        let delivered = Delivered()
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/cb"),
                                                    expectedState: "s1") { outcome in delivered.add(outcome) }
        let silent = try RawSocket(port: server.port)
        let flood = try RawSocket(port: server.port)
        #expect(flood.send("GET /cb?code=x&state=s1 HTTP/1.1\r\nX-Pad: " + String(repeating: "a", count: CallbackServer.headLimit + 10)))
        #expect(await flood.readToClose(within: .seconds(30)) == "", "a head past the limit is closed unanswered")
        let garbage = try RawSocket(port: server.port)
        #expect(garbage.send("\u{1}\u{2} hello\r\n\r\n"))
        #expect(await garbage.readToClose(within: .seconds(30))?.hasPrefix("HTTP/1.1 400 ") == true)
        let post = try RawSocket(port: server.port)
        #expect(post.send("POST /cb?code=x&state=s1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"))
        #expect(await post.readToClose(within: .seconds(30))?.hasPrefix("HTTP/1.1 405 ") == true)
        let head = try RawSocket(port: server.port)
        #expect(head.send("HEAD /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        let headAnswer = await head.readToClose(within: .seconds(30))
        #expect(headAnswer?.hasPrefix("HTTP/1.1 404 ") == true && headAnswer?.hasSuffix("\r\n\r\n") == true, "\(headAnswer ?? "nothing")")
        #expect(delivered.outcomes.isEmpty)
        let real = try await get(server.port, "/cb?code=the-code&state=s1")
        #expect(real.status == 200)
        _ = silent
        await server.stop()
        #expect(delivered.outcomes == [.code("the-code")])
    }

    @Test("silent connections up to the limit and past it: the oldest gives way, and the browser's callback gets its page")
    func silentFlood() async throws {
        let delivered = Delivered()
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/cb"), expectedState: "s1") { delivered.add($0) }
        let silent = try (0..<(CallbackServer.connectionLimit + 4)).map { _ in try RawSocket(port: server.port) }
        // The oldest were ended to make room for the newest.
        #expect(await silent[0].readToClose(within: .seconds(30)) == "")
        let real = try await get(server.port, "/cb?code=through&state=s1")
        #expect(real.status == 200)
        await server.stop()
        #expect(delivered.outcomes == [.code("through")])
    }

    @Test("listens on ::1 for an IPv6 redirect URI")
    func ipv6() async throws {
        let delivered = Delivered()
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://[::1]/cb"), expectedState: "s1") { delivered.add($0) }
        let page = try await http.send(TransportRequest(url: try #require(URL(string: "http://[::1]:\(server.port)/cb?code=c6&state=s1"))))
        #expect(page.status == 200)
        await server.stop()
        #expect(delivered.outcomes == [.code("c6")])
    }

    @Test("reports a port that is taken")
    func portInUse() async throws {
        let first = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/cb"), expectedState: "s") { _ in }
        await #expect(throws: LoginError.self) {
            _ = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1:\(first.port)/cb"), expectedState: "s") { _ in }
        }
        await first.stop()
    }
}

@Suite("Login attempt")
struct LoginAttemptTests {
    let accounts = AccountsClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: CurlTransport(timeout: .seconds(2)))

    @Test("gives up after the timeout")
    func timeout() async throws {
        let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/cb"))
        await #expect(throws: LoginError.timedOut(seconds: 0)) { _ = try await attempt.finish(timeout: .milliseconds(200)) }
    }

    @Test("turns a denial into a plain error")
    func denial() async throws {
        let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/cb"))
        let url = attempt.request.redirectURI + "?error=access_denied&state=\(attempt.request.state)"
        #expect(attempt.submit(pasted: url) == .accepted)
        await #expect(throws: LoginError.denied("access_denied")) { _ = try await attempt.finish(timeout: .seconds(30)) }
        #expect(LoginError.denied("access_denied").errorDescription?.contains("not granted") == true)
    }

    @Test("a pasted URL with the wrong state is refused and the login goes on with the right one")
    func pastedWrongState() async throws {
        let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/cb"))
        #expect(attempt.submit(pasted: "just text") == .notRedirect)
        #expect(attempt.submit(pasted: attempt.request.redirectURI + "?code=c&state=nope") == .stateMismatch)
        #expect(!attempt.hasCallback, "neither is this login's callback")
        #expect(attempt.submit(pasted: attempt.request.redirectURI + "?error=access_denied&state=\(attempt.request.state)") == .accepted)
        #expect(attempt.hasCallback)
        await #expect(throws: LoginError.denied("access_denied")) { _ = try await attempt.finish(timeout: .seconds(30)) }
    }

    @Test("a callback with a forged state gets a 400 page and does not end the wait")
    func forgedCallbackKeepsWaiting() async throws {
        let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/cb"))
        let port = try #require(URLComponents(string: attempt.request.redirectURI)?.port)
        let forged = try await CurlTransport(timeout: .seconds(30))
            .send(TransportRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/cb?code=abc&state=WRONG"))))
        #expect(forged.status == 400)
        #expect(!attempt.hasCallback, "a forged callback is not this login's")
        // Only the timeout ends this login: the forged callback was not taken for an answer.
        await #expect(throws: LoginError.timedOut(seconds: 1)) { _ = try await attempt.finish(timeout: .seconds(1)) }
    }

    @Test("uses the chosen free port in the redirect URI it sends")
    func freePort() async throws {
        let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/callback"))
        #expect(attempt.request.redirectURI.hasPrefix("http://127.0.0.1:"))
        #expect(attempt.request.redirectURI.hasSuffix("/callback"))
        #expect(attempt.authorizeURL.absoluteString.contains(FormEncoding.escape(attempt.request.redirectURI)))
        await attempt.cancel()
    }
}
