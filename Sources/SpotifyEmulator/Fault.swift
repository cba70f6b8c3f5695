/// A queued misbehaviour: the next `count` matching requests fail instead of being answered.
///
/// JSON (`POST /emulator/faults`): `{"path","method","kind","status","retry_after","reason",
/// "message","delay_ms","count"}`, every key but `kind` optional.
public struct Fault: Codable, Sendable, Equatable {
    /// Exact path, a prefix ending in `*` (`/v1/*`), or nil for every non-control path.
    public var path: String?
    /// HTTP method to match (any case), or nil for any.
    public var method: String?
    public var kind: Kind
    /// For `.status`: the HTTP status to answer.
    public var status: Int?
    /// For a 429: the `Retry-After` seconds (default 1).
    public var retryAfter: Int?
    /// Added to the error body as `reason`, e.g. `QUOTA_EXCEEDED`.
    public var reason: String?
    /// Overrides the error body's `message`.
    public var message: String?
    /// Milliseconds to wait before acting (the whole effect of `.delay`).
    public var delayMs: Int?
    /// How many matching requests this fault applies to.
    public var count: Int

    /// What the fault does.
    public enum Kind: String, Codable, Sendable {
        /// Answer `status` with Spotify's error body.
        case status
        /// Wait `delay_ms`, then answer normally.
        case delay
        /// Never answer; the connection stays open until the client gives up.
        case hang
        /// Answer 200 with a body that is not valid JSON.
        case malformed
        /// Close the connection (TCP reset) without answering.
        case reset
    }

    public init(
        kind: Kind,
        path: String? = nil,
        method: String? = nil,
        status: Int? = nil,
        retryAfter: Int? = nil,
        reason: String? = nil,
        message: String? = nil,
        delayMs: Int? = nil,
        count: Int = 1
    ) {
        self.kind = kind
        self.path = path
        self.method = method
        self.status = status
        self.retryAfter = retryAfter
        self.reason = reason
        self.message = message
        self.delayMs = delayMs
        self.count = count
    }

    /// Answer `status` (e.g. 429 with `retryAfter`, 503) on the next `count` matching requests.
    public static func status(
        _ status: Int, path: String? = nil, method: String? = nil,
        retryAfter: Int? = nil, reason: String? = nil, count: Int = 1
    ) -> Fault {
        Fault(kind: .status, path: path, method: method, status: status, retryAfter: retryAfter, reason: reason, count: count)
    }

    /// Wait `ms` milliseconds before answering normally.
    public static func delay(ms: Int, path: String? = nil, method: String? = nil, count: Int = 1) -> Fault {
        Fault(kind: .delay, path: path, method: method, delayMs: ms, count: count)
    }

    /// Never answer.
    public static func hang(path: String? = nil, method: String? = nil, count: Int = 1) -> Fault {
        Fault(kind: .hang, path: path, method: method, count: count)
    }

    /// Answer 200 with a body that is not JSON.
    public static func malformed(path: String? = nil, method: String? = nil, count: Int = 1) -> Fault {
        Fault(kind: .malformed, path: path, method: method, count: count)
    }

    /// Reset the connection without answering.
    public static func reset(path: String? = nil, method: String? = nil, count: Int = 1) -> Fault {
        Fault(kind: .reset, path: path, method: method, count: count)
    }

    /// True when this fault is meant for a request of `method` on `path`.
    func matches(method requestMethod: String, path requestPath: String) -> Bool {
        if let method, method.uppercased() != requestMethod.uppercased() { return false }
        guard let path else { return true }
        if path.hasSuffix("*") { return requestPath.hasPrefix(String(path.dropLast())) }
        return path == requestPath
    }
}
