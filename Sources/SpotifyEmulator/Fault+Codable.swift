/// JSON coding of a fault: snake_case keys and `count` defaulting to 1.
extension Fault {
    enum CodingKeys: String, CodingKey {
        case path, method, kind, status, reason, message, count
        case retryAfter = "retry_after"
        case delayMs = "delay_ms"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        path = try c.decodeIfPresent(String.self, forKey: .path)
        method = try c.decodeIfPresent(String.self, forKey: .method)
        status = try c.decodeIfPresent(Int.self, forKey: .status)
        retryAfter = try c.decodeIfPresent(Int.self, forKey: .retryAfter)
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        message = try c.decodeIfPresent(String.self, forKey: .message)
        delayMs = try c.decodeIfPresent(Int.self, forKey: .delayMs)
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 1
    }

    /// Refuses faults that cannot be carried out, e.g. `status` without a status code.
    func validate() throws(ScenarioError) {
        if kind == .status {
            guard let status, (100...599).contains(status) else {
                throw ScenarioError("a status fault needs \"status\" between 100 and 599")
            }
        }
        guard count > 0 else { throw ScenarioError("fault count must be positive") }
        if let delayMs, delayMs < 0 { throw ScenarioError("delay_ms must not be negative") }
    }
}
