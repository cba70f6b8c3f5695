import Foundation
import Testing
@testable import TokenService

@Suite("rate limiting per client address")
struct RateLimiterTests {
    let start = ContinuousClock.now

    @Test("allows a burst of N, then refuses with the seconds until one more is allowed")
    func burst() {
        let limiter = RateLimiter(limit: RateLimit(requests: 3, period: .seconds(60)))
        for _ in 0..<3 { #expect(limiter.admit("10.0.0.1", at: start) == .allowed) }
        #expect(limiter.admit("10.0.0.1", at: start) == .limited(retryAfter: 20))
        #expect(limiter.admit("10.0.0.1", at: start + .seconds(15)) == .limited(retryAfter: 5))
        #expect(limiter.admit("10.0.0.1", at: start + .seconds(21)) == .allowed)
        #expect(limiter.admit("10.0.0.1", at: start + .seconds(21)) == .limited(retryAfter: 19))
        #expect(limiter.admit("10.0.0.2", at: start + .seconds(21)) == .allowed, "each address has its own bucket")
    }

    @Test("refills over the period, never past the burst")
    func refill() {
        let limiter = RateLimiter(limit: RateLimit(requests: 2, period: .seconds(10)))
        #expect(limiter.admit("a", at: start) == .allowed)
        #expect(limiter.admit("a", at: start) == .allowed)
        let later = start + .seconds(3600)
        #expect(limiter.admit("a", at: later) == .allowed)
        #expect(limiter.admit("a", at: later) == .allowed)
        #expect(limiter.admit("a", at: later) == .limited(retryAfter: 5))
    }

    @Test("forgets addresses past its capacity instead of growing without bound")
    func bounded() {
        let limiter = RateLimiter(limit: RateLimit(requests: 5, period: .seconds(60)), capacity: 100)
        for index in 0..<1_000 { _ = limiter.admit("10.0.\(index / 256).\(index % 256)", at: start + .milliseconds(index)) }
        #expect(limiter.count <= 100)
    }

    @Test("parses N/S and refuses anything else", arguments: [
        ("30/60", RateLimit(requests: 30, period: .seconds(60))), ("5/1", RateLimit(requests: 5, period: .seconds(1))),
        ("0/60", nil), ("30", nil), ("30/0", nil), ("a/b", nil), ("-1/5", nil), ("1/2/3", nil),
    ])
    func parse(text: String, expected: RateLimit?) {
        #expect(RateLimit(text) == expected)
    }
}
