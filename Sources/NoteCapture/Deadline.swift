import Foundation

/// Runs work that must finish within a time limit, or is given up.
enum Deadline {
    /// The limit passed before the work finished.
    struct Passed: Error, Equatable, CustomStringConvertible {
        var limit: Duration
        var description: String {
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            // Not `formatted()`: the message is English whatever the locale.
            let text = seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
            return "Spotify did not answer within \(text) s, the pin timeout"
        }
    }

    private enum Finish<Value: Sendable>: Sendable {
        case value(Value)
        case timedOut
    }

    /// `body`'s result, or ``Passed`` once `limit` has gone by (the work is then cancelled).
    static func run<Value: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Finish<Value>.self) { group in
            group.addTask { .value(try await body()) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timedOut
            }
            defer { group.cancelAll() }
            guard case .value(let value)? = try await group.next() else { throw Passed(limit: limit) }
            return value
        }
    }
}
