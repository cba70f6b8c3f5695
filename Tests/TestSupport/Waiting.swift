import Synchronization

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

/// Waits a random length of time from nothing to `bound`: the moment a test kills a process or
/// stops a server at, when every moment of the operation under way must be safe and the
/// operation announces none of them. The one place a random moment is chosen.
public func randomMoment(upTo bound: Duration) async throws {
    let ms = max(Int(bound / .milliseconds(1)), 1)
    // The moment is the input: nothing happens there to wait for.
    try await Task.sleep(for: .milliseconds(Int.random(in: 0...ms)))
}

/// Calls `expire` once `limit` has passed, unless the returned task is cancelled first: the
/// deadline of a wait that something else can end (an event stream finished, a process killed).
@discardableResult
public func deadline(_ limit: Duration, _ expire: @escaping @Sendable () -> Void) -> Task<Void, Never> {
    Task {
        // The deadline itself: its passing is the event.
        guard (try? await Task.sleep(for: limit)) != nil else { return }
        expire()
    }
}

/// `operation`'s result, or nil when it has not come within `limit`, in which case the
/// operation is cancelled and not waited for (it may be blocked on something that never ends).
public func within<Value: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async -> Value) async -> Value? {
    let race = Race<Value?>()
    return await withCheckedContinuation { continuation in
        race.wait(for: continuation)
        let expiry = deadline(limit) { race.settle(nil) }
        race.run {
            let value = await operation()
            expiry.cancel()
            race.settle(value)
        }
    }
}

/// The first of an operation and its deadline to answer: the answer goes to the waiter once, and
/// the deadline's answer cancels the operation.
private final class Race<Value: Sendable>: Sendable {
    private let waiter = Mutex<CheckedContinuation<Value, Never>?>(nil)
    private let work = Mutex<Task<Void, Never>?>(nil)

    func wait(for continuation: CheckedContinuation<Value, Never>) {
        waiter.withLock { $0 = continuation }
    }

    func run(_ body: @escaping @Sendable () async -> Void) {
        let task = Task { await body() }
        work.withLock { $0 = task }
    }

    func settle(_ value: Value) {
        guard let continuation = waiter.withLock({ $0.take() }) else { return }
        work.withLock { $0 }?.cancel()
        continuation.resume(returning: value)
    }
}
