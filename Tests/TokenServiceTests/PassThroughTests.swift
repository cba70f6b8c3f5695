import Foundation
import Logging
import SpotifyClient
import SpotifyEmulator
import TestSupport
import Testing
@testable import TokenService

@Suite("Spotify's answers pass through, and the service's own limits")
struct PassThroughTests {
    @Test("invalid_grant from Spotify reaches the client as it is")
    func invalidGrant() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let sealed = try await harness.login()
            await harness.emulator.revokeAll()
            let reply = try await harness.post("/refresh", [("refresh_token", sealed)])
            #expect(reply.status == 400)
            #expect(reply["error"] == "invalid_grant")
            #expect(reply["error_description"] == "Refresh token revoked")
        }
    }

    @Test("Spotify's 429 keeps its Retry-After, and its 503 stays a 503")
    func rateLimitAndServerError() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let sealed = try await harness.login()
            try await harness.emulator.addFault(.status(429, path: "/api/token", retryAfter: 7))
            let limited = try await harness.post("/refresh", [("refresh_token", sealed)])
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "7")
            #expect(limited["error"] != nil)
            try await harness.emulator.addFault(.status(503, path: "/api/token"))
            let down = try await harness.post("/refresh", [("refresh_token", sealed)])
            #expect(down.status == 503)
            #expect(down["error"] == "server_error")
        }
    }

    @Test("a Spotify that does not answer in time is a 504 after the upstream timeout")
    func upstreamTimeout() async throws {
        // Long enough for the login's own swap on a loaded machine; the hang outlasts it anyway.
        try await using(try await ServiceHarness.start(upstreamTimeout: .seconds(5))) { harness in
            let sealed = try await harness.login()
            try await harness.emulator.addFault(.hang(path: "/api/token"))
            let reply = try await harness.post("/refresh", [("refresh_token", sealed)])
            #expect(reply.status == 504)
            #expect(reply["error"] == "temporarily_unavailable")
        }
    }

    @Test("past the rate limit a client address gets 429 with Retry-After; /healthz is never limited")
    func rateLimited() async throws {
        try await using(try await ServiceHarness.start(rateLimit: RateLimit(requests: 2, period: .seconds(60)))) { harness in
            let started = ContinuousClock.now
            for _ in 0..<2 { #expect(try await harness.get("/config").status == 200) }
            let refused = try await harness.post("/refresh", [("refresh_token", "v1.k1.x")])
            let elapsed = Int(started.duration(to: .now).components.seconds)
            #expect(refused.status == 429)
            // One request regained every 30 s, less the time the first two took (long on a loaded machine).
            #expect((29 - elapsed...30).contains(Int(refused.headers["retry-after"] ?? "") ?? 0))
            #expect(refused["error"] == "rate_limited")
            #expect(try await harness.get("/healthz").status == 200)
            #expect(await harness.upstreamCount() == 0)
        }
    }

    @Test("errors are JSON in Spotify's shape, with a request id", arguments: [
        ("/nowhere", "POST", "application/x-www-form-urlencoded", "a=b", 404),
        ("/refresh", "POST", "application/json", "{}", 400),
        ("/swap", "POST", "application/x-www-form-urlencoded", "redirect_uri=x", 400),
    ])
    func jsonErrors(path: String, method: String, contentType: String, body: String, status: Int) async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post(path, [], contentType: contentType, body: body)
            #expect(reply.status == status)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply["error"] != nil && reply["error_description"] != nil, "\(reply.text)")
            #expect(reply.headers["x-request-id"]?.isEmpty == false)
        }
    }

    @Test("a body over 8 KiB is 413, in the same JSON shape")
    func bodyLimit() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/refresh", [("refresh_token", String(repeating: "a", count: 20_000))])
            #expect(reply.status == 413)
            #expect(reply["error"] == "invalid_request")
            #expect(await harness.upstreamCount() == 0)
        }
    }

    @Test("GET /config names the public client id and the redirect URIs, and /healthz answers ok")
    func config() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let config = try await harness.get("/config")
            #expect(config["client_id"] == ServiceHarness.clientID)
            #expect(config.object["redirect_uris"] as? [String] == [ServiceHarness.redirectURI])
            #expect(!config.text.contains(ServiceHarness.clientSecret))
            #expect(try await harness.get("/healthz")["status"] == "ok")
        }
    }
}

/// An upstream that holds each request until released, so a test knows one is in flight.
actor GateTransport: HTTPTransport {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var entered: [CheckedContinuation<Void, Never>] = []
    private var arrivals = 0

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        arrivals += 1
        entered.forEach { $0.resume() }
        entered.removeAll()
        await withCheckedContinuation { waiting.append($0) }
        return TransportResponse(status: 200, body: Data(#"{"access_token":"BQgated","token_type":"Bearer","expires_in":3600}"#.utf8))
    }

    /// Returns once a request has arrived.
    func arrival() async {
        if arrivals > 0 { return }
        await withCheckedContinuation { entered.append($0) }
    }

    func release() {
        waiting.forEach { $0.resume() }
        waiting.removeAll()
    }
}

@Suite("graceful shutdown")
struct ShutdownTests {
    @Test("a shutdown closes the port but lets the request in flight finish")
    func finishesInFlight() async throws {
        let gate = GateTransport()
        var configuration = ServiceConfiguration(
            redirectURIs: try RedirectAllowList(["http://127.0.0.1/callback"]), credentials: ClientCredentials(id: "app", secret: "s"),
            keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys"))
        configuration.port = 0
        let server = try await TokenServer.start(configuration: configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                                                 upstreamTransport: gate)
        let sealed = try TokenSealer(keys: configuration.keys).seal("AQspotify")
        let client = CurlTransport(timeout: .seconds(30))
        async let reply = client.postForm(server.url.appendingPathComponent("refresh"), [("refresh_token", sealed)])
        await gate.arrival()
        let stopping = Task { await server.stop() }
        // The listening socket closes first: new connections are refused from then on.
        try await waitUntil("the listening socket closing", every: .milliseconds(20)) {
            (try? await client.send(TransportRequest(url: server.url.appendingPathComponent("healthz")))) == nil
        }
        await gate.release()
        let answered = try await reply
        #expect(answered.status == 200)
        #expect(TokenReply.decode(answered.body)?.accessToken == "BQgated")
        await stopping.value
    }
}
