import Foundation
import SpotifyEmulator
import TestSupport
import Testing
@testable import SpotifyClient

/// The transport itself, against the emulator on 127.0.0.1: what it sends, what it refuses,
/// and how a cancelled exchange ends.
@Suite("HTTP through libcurl")
struct CurlTransportTests {
    /// The emulator, started and stopped around `body`.
    private func withEmulator(_ body: (SpotifyEmulator, URL) async throws -> Void) async throws {
        let emulator = SpotifyEmulator(scenario: Scenario())
        let base = try await emulator.start(port: 0)
        do { try await body(emulator, base) } catch {
            await emulator.stop()
            throw error
        }
        await emulator.stop()
    }

    @Test("a body goes with the Content-Type margin set and no other; a PUT without one is sent empty, saying so")
    func bodies() async throws {
        try await withEmulator { emulator, base in
            let transport = CurlTransport(timeout: .seconds(30))
            let play = base.appendingPathComponent("v1/me/player/play")
            _ = try await transport.send(TransportRequest(method: "PUT", url: play, headers: ["Content-Type": "application/json"],
                                                          body: Data(#"{"position_ms":1000}"#.utf8)))
            _ = try await transport.send(TransportRequest(method: "PUT", url: base.appendingPathComponent("v1/me/player/pause")))
            let log = await emulator.requestLog().filter { $0.path.hasPrefix("/v1/me/player/") }
            #expect(log.map(\.method) == ["PUT", "PUT"])
            #expect(log.first?.contentType == "application/json")
            #expect(log.first?.body == #"{"position_ms":1000}"#)
            #expect((log.last?.body ?? "").isEmpty && log.last?.contentType == nil, "a PUT without a body carries none: \(String(describing: log.last))")
        }
    }

    @Test("a redirect is refused, naming where it pointed without its path or query; or handed back when asked")
    func redirects() async throws {
        try await withEmulator { _, base in
            let authorize = try #require(URL(string: base.absoluteString
                + "/authorize?client_id=margin-test-client&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A8888%2Fcallback&state=s"
                + "&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"))
            await #expect(throws: SpotifyError.redirected(endpoint: "GET /authorize", status: 302, to: "http://127.0.0.1:8888")) {
                _ = try await CurlTransport(timeout: .seconds(30)).send(TransportRequest(url: authorize))
            }
            let handed = try await CurlTransport(timeout: .seconds(30), redirectsAreErrors: false).send(TransportRequest(url: authorize))
            #expect(handed.status == 302)
            #expect(handed.headers["location"]?.hasPrefix("http://127.0.0.1:8888/callback?") == true)
        }
    }

    @Test("a cancelled exchange ends at once, long before its timeout, as cancelled")
    func cancelled() async throws {
        try await withEmulator { emulator, base in
            try await emulator.addFault(.hang(path: "/v1/me", count: 5))
            let transport = CurlTransport(timeout: .seconds(600))
            let exchange = Task { try await transport.send(TransportRequest(url: base.appendingPathComponent("v1/me"))) }
            // Cancelled once the emulator holds the request.
            _ = try await eventually("the emulator holds the request", within: .seconds(30)) {
                await emulator.requestLog().contains { $0.path == "/v1/me" } ? true : nil
            }
            exchange.cancel()
            let ended = await within(.seconds(30)) { await exchange.result }
            guard case .failure(let error)? = ended else { Issue.record("the exchange ended: \(String(describing: ended))"); return }
            #expect(error as? SpotifyError == .cancelled)
        }
    }

    @Test("a body past the limit is not read whole: the reply is refused as malformed")
    func bodyLimit() async throws {
        try await withEmulator { _, base in
            let transport = CurlTransport(timeout: .seconds(30), maxBody: 16)
            await #expect(throws: SpotifyError.malformedResponse(endpoint: "GET /v1/me")) {
                _ = try await transport.send(TransportRequest(url: base.appendingPathComponent("v1/me")))
            }
        }
    }

    @Test("nobody listening is unreachable, not a timeout")
    func refused() async throws {
        let closed = try #require(URL(string: "http://127.0.0.1:9/v1/me"))
        await #expect(throws: SpotifyError.unreachable(endpoint: "GET /v1/me", reset: false)) {
            _ = try await CurlTransport(timeout: .seconds(30)).send(TransportRequest(url: closed))
        }
    }

    @Test("a header whose name or value holds a line break is never sent")
    func headerInjection() async throws {
        try await withEmulator { emulator, base in
            let transport = CurlTransport(timeout: .seconds(30))
            for headers in [["Authorization": "Bearer x\r\nX-Injected: 1"], ["X-Bad\nName": "v"], ["Authorization": "Bearer x\u{0}y"]] {
                await #expect(throws: SpotifyError.malformedResponse(endpoint: "GET /v1/me")) {
                    _ = try await transport.send(TransportRequest(url: base.appendingPathComponent("v1/me"), headers: headers))
                }
            }
            #expect(await emulator.requestLog().isEmpty, "nothing reached the server")
        }
    }

    @Test("a dropped connection in the handshake is unreachable and retried; a TLS refusal is named in plain words")
    func handshakeFailures() {
        func outcome(_ code: Int32, _ error: String, verify: Int = 0) -> CurlOutcome {
            CurlOutcome(code: code, status: 0, verifyResult: verify, error: error, headers: [:], body: Data(), bodyTooLarge: false)
        }
        func mapped(_ outcome: CurlOutcome) -> SpotifyError? {
            do {
                _ = try CurlOutcome.response(outcome, endpoint: "GET /v1/me", host: "api.spotify.com", timeout: .seconds(10), trust: .system)
                return nil
            } catch { return error }
        }
        #expect(mapped(outcome(35, "OpenSSL SSL_connect: Connection reset by peer in connection to api.spotify.com:443 "))
            == .unreachable(endpoint: "GET /v1/me", reset: true))
        #expect(mapped(outcome(35, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to api.spotify.com:443 "))
            == .unreachable(endpoint: "GET /v1/me", reset: true))
        #expect(mapped(outcome(35, "OpenSSL/3.0.11: error:0A00010B:SSL routines::wrong version number"))
            == .tls(host: "api.spotify.com", reason: .handshake("wrong version number")))
        #expect(mapped(outcome(60, "SSL certificate problem: certificate has expired", verify: 10)) == .tls(host: "api.spotify.com", reason: .expired))
        #expect(mapped(outcome(60, "SSL certificate problem: self-signed certificate", verify: 18)) == .tls(host: "api.spotify.com", reason: .untrusted))
        #expect(mapped(outcome(60, "SSL: no alternative certificate subject name matches target host name 'x'", verify: 1))
            == .tls(host: "api.spotify.com", reason: .wrongName))
        #expect(mapped(outcome(56, "CONNECT tunnel failed, response 407")) == .unreachable(endpoint: "GET /v1/me", reset: false))
        #expect(mapped(outcome(18, "transfer closed with 10 bytes remaining to read")) == .unreachable(endpoint: "GET /v1/me", reset: true))
        #expect(mapped(outcome(28, "Operation timed out after 10001 milliseconds")) == .timeout(endpoint: "GET /v1/me", seconds: 10))
    }

    @Test("exchanges past the limit wait their turn, and a cancelled waiter leaves the queue")
    func limit() async throws {
        let limit = ExchangeLimit(1)
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let (started, starting) = AsyncStream<Int>.makeStream()
        let first = Task { try await limit.run { starting.yield(1); for await _ in release { break }; return 1 } }
        var order = started.makeAsyncIterator()
        #expect(await order.next() == 1)
        let waiting = Task { try await limit.run { starting.yield(2); return 2 } }
        let cancelled = Task { try await limit.run { starting.yield(3); return 3 } }
        cancelled.cancel()
        await #expect(throws: SpotifyError.cancelled) { _ = try await cancelled.value }
        releasing.yield(())
        #expect(try await first.value == 1)
        #expect(try await waiting.value == 2)
        #expect(await order.next() == 2, "the second ran once the first was done, the cancelled one never")
    }

    @Test("a header block's fields: names lowercased, values trimmed, the status line skipped")
    func headerBlock() {
        let block = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nRetry-After:  5 \r\nX-Empty:\r\n\r\n"
        let fields = Array(block.utf8).withUnsafeBytes { CurlCall.headers($0) }
        #expect(fields == ["content-type": "application/json", "retry-after": "5", "x-empty": ""])
    }
}
