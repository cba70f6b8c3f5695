import Foundation
import NIOCore
import SpotifyClient
import TestSupport
import Testing
@testable import TokenService

@Suite("strict input: junk never reaches Spotify, wrong methods are named")
struct StrictInputTests {
    @Test("codes not shaped like Spotify's are 400 invalid_request and none is forwarded", arguments: [
        "x", "AQ", String(repeating: "A", count: 31), String(repeating: "A", count: 1025), "AQ" + String(repeating: "a", count: 40) + " ",
        "AQ" + String(repeating: "a", count: 40) + "\"", "AQ" + String(repeating: "a", count: 40) + "\r\n", "AQ+/" + String(repeating: "a", count: 40),
        "../../" + String(repeating: "a", count: 40), "AQ" + String(repeating: "é", count: 40),
    ])
    func junkCodes(code: String) async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let reply = try await harness.post("/swap", [("code", code), ("redirect_uri", ServiceHarness.redirectWithPort),
                                                         ("code_verifier", ServiceHarness.verifier)])
            #expect(reply.status == 400)
            #expect(reply["error"] == "invalid_request")
            #expect(await harness.upstreamCount() == 0, "a junk code reached the upstream")
        }
    }

    @Test("a wrong method on a known path is 405 with Allow", arguments: [
        ("GET", "/swap", "POST"), ("PUT", "/refresh", "POST"), ("DELETE", "/healthz", "GET"), ("POST", "/config", "GET"),
    ])
    func methodNotAllowed(method: String, path: String, allowed: String) async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let response = try await harness.send(TransportRequest(method: method, url: try harness.url(path)))
            #expect(response.status == 405)
            #expect(response.headers["allow"] == allowed)
            #expect(response.text.contains(#""error":"method_not_allowed""#))
            #expect(try await harness.get("/nowhere").status == 404)
        }
    }

    @Test("past --swap-limit for all clients together, /swap is 503 with Retry-After and Spotify is not asked")
    func swapCeiling() async throws {
        try await using(try await ServiceHarness.start { $0.swapLimit = RateLimit(requests: 1, period: .seconds(60)) }) { harness in
            _ = try await harness.login()
            let before = await harness.upstreamCount()
            let reply = try await harness.post("/swap", [("code", try await harness.code()), ("redirect_uri", ServiceHarness.redirectWithPort),
                                                         ("code_verifier", ServiceHarness.verifier)])
            #expect(reply.status == 503)
            #expect(Int(reply.headers["retry-after"] ?? "") ?? 0 > 0)
            #expect(await harness.upstreamCount() == before)
        }
    }

    @Test("IPv6 clients are limited by their /64, IPv4-mapped addresses as IPv4")
    func ipv6Prefix() {
        #expect(RateLimitKey.of("2001:db8:1:2:3:4:5:6") == RateLimitKey.of("2001:db8:1:2:ffff::1"))
        #expect(RateLimitKey.of("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(RateLimitKey.of("2001:db8:1:3::1") != RateLimitKey.of("2001:db8:1:2::1"))
        #expect(RateLimitKey.of("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(RateLimitKey.of("192.0.2.7") == "192.0.2.7")
    }
}
