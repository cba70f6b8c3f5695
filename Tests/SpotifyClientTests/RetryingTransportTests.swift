import Foundation
import Testing
@testable import SpotifyClient

@Suite("Retries")
struct RetryingTransportTests {
    let request = TransportRequest(url: URL(string: "http://127.0.0.1:1/v1/me")!)

    func retrying(_ base: ScriptedTransport, _ log: SleepLog) -> RetryingTransport {
        RetryingTransport(base: base, sleep: { await log.add($0) })
    }

    @Test("waits out a short Retry-After and retries")
    func shortRateLimit() async throws {
        let base = ScriptedTransport([.json(429, "{}", headers: ["Retry-After": "3"]), .json(200, "{}")])
        let log = SleepLog()
        let response = try await retrying(base, log).send(request)
        #expect(response.status == 200)
        #expect(await log.sleeps == [.seconds(3)])
    }

    @Test("hands back a long Retry-After at once instead of hanging")
    func longRateLimit() async throws {
        let base = ScriptedTransport([.json(429, "{}", headers: ["Retry-After": "3600"]), .json(200, "{}")])
        let log = SleepLog()
        #expect(try await retrying(base, log).send(request).status == 429)
        #expect(await log.sleeps.isEmpty)
        #expect(await base.sent.count == 1)
    }

    @Test("retries 5xx twice with backoff, then gives up", arguments: [500, 502, 503, 504])
    func serverErrors(status: Int) async throws {
        let base = ScriptedTransport([.json(status, ""), .json(status, ""), .json(status, ""), .json(200, "")])
        let log = SleepLog()
        #expect(try await retrying(base, log).send(request).status == status)
        let sleeps = await log.sleeps
        #expect(sleeps.count == 2)
        #expect(sleeps.allSatisfy { $0 >= .milliseconds(250) && $0 <= .milliseconds(1500) })
    }

    @Test("recovers when a 503 clears on the second retry")
    func transient() async throws {
        let base = ScriptedTransport([.json(503, ""), .json(503, ""), .json(200, "{}")])
        #expect(try await retrying(base, SleepLog()).send(request).status == 200)
    }

    @Test("retries a connection reset but not a refused connection")
    func resets() async throws {
        let reset = ScriptedTransport([.fail(.unreachable(endpoint: "GET /v1/me", reset: true)), .json(200, "")])
        #expect(try await retrying(reset, SleepLog()).send(request).status == 200)
        let refused = ScriptedTransport([.fail(.unreachable(endpoint: "GET /v1/me", reset: false)), .json(200, "")])
        await #expect(throws: SpotifyError.unreachable(endpoint: "GET /v1/me", reset: false)) {
            _ = try await retrying(refused, SleepLog()).send(request)
        }
    }

    @Test("does not retry client errors or timeouts")
    func noRetry() async throws {
        let base = ScriptedTransport([.json(404, ""), .json(200, "")])
        #expect(try await retrying(base, SleepLog()).send(request).status == 404)
        let slow = ScriptedTransport([.fail(.timeout(endpoint: "GET /v1/me", seconds: 10)), .json(200, "")])
        await #expect(throws: SpotifyError.timeout(endpoint: "GET /v1/me", seconds: 10)) {
            _ = try await retrying(slow, SleepLog()).send(request)
        }
    }

    @Test("makes no retry whose wait would end past the request's deadline, and hands the reply back")
    func deadline() async throws {
        var hurried = request
        // Shorter than any backoff (250 ms or more) and than the 3 s Retry-After.
        hurried.deadline = ContinuousClock.now + .milliseconds(200)
        for first: ScriptedTransport.Step in [.json(503, ""), .json(429, "{}", headers: ["Retry-After": "3"])] {
            let base = ScriptedTransport([first, .json(200, "{}")])
            let log = SleepLog()
            #expect(try await retrying(base, log).send(hurried).status != 200)
            #expect(await log.sleeps.isEmpty)
            #expect(await base.sent.count == 1)
        }
        let reset = ScriptedTransport([.fail(.unreachable(endpoint: "GET /v1/me", reset: true)), .json(200, "")])
        await #expect(throws: SpotifyError.unreachable(endpoint: "GET /v1/me", reset: true)) {
            _ = try await retrying(reset, SleepLog()).send(hurried)
        }
        // With time to spare the same replies are retried as always.
        var relaxed = request
        relaxed.deadline = ContinuousClock.now + .seconds(3600)
        let base = ScriptedTransport([.json(503, ""), .json(200, "{}")])
        #expect(try await retrying(base, SleepLog()).send(relaxed).status == 200)
    }
}

@Suite("Spotify error mapping")
struct ErrorMappingTests {
    func map(_ status: Int, _ body: String, headers: [String: String] = [:]) -> SpotifyError {
        SpotifyAPI.error(for: TransportResponse(status: status, headers: headers, body: Data(body.utf8)), endpoint: "PUT /me/player/pause")
    }

    @Test("gives Spotify's reasons margin's meaning")
    func reasons() {
        #expect(map(403, #"{"error":{"status":403,"message":"Player command failed: Premium required","reason":"PREMIUM_REQUIRED"}}"#) == .premiumRequired)
        #expect(map(404, #"{"error":{"status":404,"message":"Player command failed: No active device found","reason":"NO_ACTIVE_DEVICE"}}"#) == .noActiveDevice)
        #expect(map(403, #"{"error":{"status":403,"message":"Player command failed: Restriction violated","reason":"UNKNOWN"}}"#) == .restricted(reason: "UNKNOWN"))
        #expect(map(429, #"{"error":{"status":429,"message":"API rate limit exceeded","reason":"QUOTA_EXCEEDED"}}"#, headers: ["Retry-After": "86400"]) == .rateLimited(retryAfter: 86400, quotaExceeded: true))
        #expect(map(404, #"{"error":{"status":404,"message":"Resource not found"}}"#) == .notFound(endpoint: "PUT /me/player/pause"))
        #expect(map(503, "") == .server(status: 503, endpoint: "PUT /me/player/pause"))
        #expect(map(400, "not json") == .http(status: 400, message: "no message"))
    }

    @Test("explains development-mode refusals in plain words")
    func devMode() {
        let notRegistered = map(403, #"{"error":{"status":403,"message":"User not registered in the Developer Dashboard"}}"#)
        #expect(notRegistered.errorDescription?.contains("allow-list") == true)
        let owner = map(403, #"{"error":{"status":403,"message":"Active premium subscription required for the owner of the app"}}"#)
        #expect(owner.errorDescription?.contains("owner") == true)
    }
}
