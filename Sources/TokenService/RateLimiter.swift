import Foundation
import Synchronization

/// How many requests one client address may make: a bucket of `requests` that refills
/// completely over `period` (`--rate-limit 30/60`: bursts of 30, then one every 2 s).
public struct RateLimit: Sendable, Equatable, CustomStringConvertible {
    public var requests: Int
    public var period: Duration

    /// 30 a minute: a household behind one address refreshes a few times an hour, so this
    /// leaves room for logins and retries while a guessing client is slowed to one every 2 s.
    public static let `default` = RateLimit(requests: 30, period: .seconds(60))

    public init(requests: Int, period: Duration) {
        self.requests = requests
        self.period = period
    }

    /// Parses `N/S`: N requests per S seconds, both positive whole numbers.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let requests = Int(parts[0]), let seconds = Int(parts[1]), requests > 0, seconds > 0 else { return nil }
        self.init(requests: requests, period: .seconds(seconds))
    }

    public var description: String { "\(requests)/\(period.components.seconds)" }

    /// Requests regained per second.
    var refillPerSecond: Double { Double(requests) / Self.seconds(period) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A token bucket per client address, in memory (each instance behind a load balancer keeps
/// its own). Time is passed in, so tests drive it without sleeping.
public final class RateLimiter: Sendable {
    /// What became of one request.
    public enum Decision: Sendable, Equatable {
        case allowed
        /// Refused; the client may try again after this many whole seconds.
        case limited(retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    public let limit: RateLimit
    /// Addresses remembered at most; past it, buckets that have refilled are forgotten, and
    /// then the least recently used half, so a flood of addresses cannot exhaust memory.
    let capacity: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    public init(limit: RateLimit, capacity: Int = 100_000) {
        self.limit = limit
        self.capacity = max(capacity, 2)
    }

    /// Takes one request from `address`'s bucket at `now`.
    public func admit(_ address: String, at now: ContinuousClock.Instant) -> Decision {
        let limit = self.limit, capacity = self.capacity
        return buckets.withLock { buckets in
            let full = Double(limit.requests)
            var bucket = buckets[address] ?? Bucket(tokens: full, updated: now)
            let elapsed = max(0, RateLimit.seconds(bucket.updated.duration(to: now)))
            bucket.tokens = min(full, bucket.tokens + elapsed * limit.refillPerSecond)
            bucket.updated = max(bucket.updated, now)
            let decision: Decision
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                decision = .allowed
            } else {
                // Less a hair, so that float error never turns 5 s into 6.
                let wait = (1 - bucket.tokens) / limit.refillPerSecond - 1e-9
                decision = .limited(retryAfter: max(1, Int(wait.rounded(.up))))
            }
            if buckets[address] == nil, buckets.count >= capacity { Self.prune(&buckets, limit: limit, capacity: capacity, now: now) }
            buckets[address] = bucket
            return decision
        }
    }

    /// How many addresses are remembered.
    public var count: Int { buckets.withLock { $0.count } }

    /// Forgets buckets that are full again (the same as no bucket), then, if that is not enough
    /// to get below half the capacity, all but the most recently used half.
    private static func prune(_ buckets: inout [String: Bucket], limit: RateLimit, capacity: Int, now: ContinuousClock.Instant) {
        let full = Double(limit.requests)
        buckets = buckets.filter { _, bucket in
            bucket.tokens + RateLimit.seconds(bucket.updated.duration(to: now)) * limit.refillPerSecond < full
        }
        guard buckets.count >= capacity / 2 else { return }
        let kept = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(capacity / 2)
        buckets = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
}
