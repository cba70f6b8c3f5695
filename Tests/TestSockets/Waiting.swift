/// A state a test waited for that did not come before its deadline.
public struct NeverHappened: Error, CustomStringConvertible {
    public let description: String
}

/// Waits until `read` gives a value, asking again every `every`, and throws ``NeverHappened``
/// once `within` has passed; the deadline is one only a hang reaches.
///
/// The one place the tests poll: for states that announce themselves by no event a test can
/// wait on, such as a screen tmux draws, a row or a file another process writes, a process that
/// appears or ends.
@discardableResult
public func eventually<Value>(_ what: @autoclosure () -> String, within: Duration = .seconds(60),
                              every: Duration = .milliseconds(100), _ read: () async throws -> Value?) async throws -> Value {
    let deadline = ContinuousClock.now + within
    while true {
        if let value = try await read() { return value }
        guard ContinuousClock.now < deadline else {
            throw NeverHappened(description: "\(what()) never happened within \(within)")
        }
        // What is waited for sends no event (above): look again a little later.
        try await Task.sleep(for: every)
    }
}

/// Waits until `condition` holds: ``eventually(_:within:every:_:)`` for a yes or no.
public func waitUntil(_ what: @autoclosure () -> String, within: Duration = .seconds(60),
                      every: Duration = .milliseconds(100), _ condition: () async throws -> Bool) async throws {
    try await eventually(what(), within: within, every: every) { try await condition() ? true : nil }
}
