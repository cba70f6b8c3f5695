import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpotifyEmulator
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test("a queued 429 answers with Retry-After and reason, then the real answer resumes")
    func rateLimited() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            try await emulator.addFault(.status(429, path: "/v1/me/player/currently-playing", retryAfter: 3, reason: "QUOTA_EXCEEDED"))
            let limited = try await client.get("/v1/me/player/currently-playing", token: token)
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "3")
            #expect(limited.errorReason == "QUOTA_EXCEEDED")
            #expect((limited.object?["error"] as? [String: Any])?["status"] as? Int == 429)
            #expect(try await client.get("/v1/me/player/currently-playing", token: token).status == 200)
        }
    }

    @Test("faults posted to the control API match prefixes and count down")
    func overHTTP() async throws {
        try await withEmulator { _, client in
            let token = try await client.login().access
            let fault = #"{"path":"/v1/*","method":"get","kind":"status","status":503,"count":2}"#
            #expect(try await client.sendJSON("POST", "/emulator/faults", fault).status == 200)
            #expect(try await client.get("/v1/me", token: token).status == 503)
            #expect(try await client.get("/v1/me/player", token: token).status == 503)
            #expect(try await client.get("/v1/me", token: token).status == 200)
            // A 429 without retry_after still carries Retry-After: 1.
            _ = try await client.sendJSON("POST", "/emulator/faults", #"{"kind":"status","status":429}"#)
            #expect(try await client.get("/v1/me", token: token).header("Retry-After") == "1")
            #expect(try await client.sendJSON("POST", "/emulator/faults", #"{"kind":"status"}"#).status == 400)
        }
    }

    @Test("malformed answers 200 with a body that is not JSON")
    func malformed() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            try await emulator.addFault(.malformed(path: "/v1/me"))
            let reply = try await client.get("/v1/me", token: token)
            #expect(reply.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: reply.body)) == nil)
        }
    }

    @Test("delay waits before answering normally")
    func delay() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            try await emulator.addFault(.delay(ms: 400, path: "/v1/me"))
            let start = ContinuousClock.now
            #expect(try await client.get("/v1/me", token: token).status == 200)
            #expect(start.duration(to: .now) >= .milliseconds(400))
        }
    }

    @Test("hang never answers, so the client times out; the log shows status 0")
    func hang() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            try await emulator.addFault(.hang(path: "/v1/me"))
            let impatient = HTTPClient(base: client.base, timeout: 5)
            let timedOut = await #expect(throws: URLError.self) { _ = try await impatient.get("/v1/me", token: token) }
            #expect(timedOut?.code == .timedOut)
            let entry = await emulator.requestLog().last
            #expect(entry?.path == "/v1/me" && entry?.status == 0)
        }
    }

    @Test("reset drops the connection without an answer")
    func reset() async throws {
        try await withEmulator { emulator, client in
            let token = try await client.login().access
            try await emulator.addFault(.reset(path: "/v1/me"))
            // A fresh connection: libcurl silently retries a request whose reused connection dies.
            let fresh = HTTPClient(base: client.base)
            await #expect(throws: URLError.self) { _ = try await fresh.get("/v1/me", token: token) }
            #expect(await emulator.requestLog().last?.status == 0)
            #expect(try await client.get("/v1/me", token: token).status == 200)
        }
    }

    @Test("control requests are never faulted nor logged")
    func controlUntouched() async throws {
        try await withEmulator { emulator, client in
            try await emulator.addFault(.status(500))
            let health = try await client.get("/emulator/health")
            #expect(health.status == 200)
            #expect(await emulator.requestLog().isEmpty)
            #expect(try await client.send("DELETE", "/emulator/faults").status == 200)
            #expect(try await client.get("/v1/me").status == 401)
        }
    }
}
