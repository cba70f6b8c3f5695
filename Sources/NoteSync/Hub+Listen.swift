import SyncHub
import Synchronization

extension Hub {
    /// The channel a person's pushes are announced on: one per role, named by a digest of it so
    /// that the name says nothing of whose it is.
    static let channelSQL = "'margin_' || md5(current_user)"

    /// Listens on the person's channel until the connection ends, calling `heard` for each push
    /// announced there (this machine's own included).
    func listen(_ heard: @escaping @Sendable () -> Void) async throws {
        guard let channel = try await execute("SELECT \(Self.channelSQL)").first?.decode(String.self) else { return }
        try await execute("LISTEN \"" + channel.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
        do {
            try await connection.notifications(heard)
        } catch {
            throw HubError.classify(error, hub: name, timeout: timeout)
        }
    }
}

/// `margin sync --watch`'s ear on the hub: a connection of its own that listens for the
/// person's pushes from any machine, so that a note taken on one is pulled by the others
/// within a moment rather than at the next interval. Should the connection drop, it connects
/// again (after the interval); the interval's sync is the fallback meanwhile.
public final class HubListener: Sendable {
    private let ear = Ear()
    private let task: Task<Void, Never>

    /// Starts listening on `address`; reconnects `retry` after a failure.
    public init(_ address: HubAddress, roots: String?, timeout: Duration, retry: Duration) {
        let ear = self.ear
        task = Task {
            while !Task.isCancelled {
                if let hub = try? await Hub.connect(address, roots: roots, timeout: timeout) {
                    // The wait for notifications blocks libpq's thread: cancelling wakes it.
                    await withTaskCancellationHandler {
                        try? await hub.listen { ear.hear() }
                    } onCancel: {
                        hub.wake()
                    }
                    await hub.close()
                }
                try? await Task.sleep(for: retry)
            }
        }
    }

    deinit {
        task.cancel()
    }

    /// How many pushes have been heard so far.
    public var heard: Int { ear.heard }

    /// Returns once a push is heard after `seen` (``heard`` as it was), or after `limit`.
    public func wait(after seen: Int, within limit: Duration) async {
        await ear.wait(after: seen, within: limit)
    }
}

/// What the listener heard, and who waits for it.
private final class Ear: Sendable {
    private struct State {
        var heard = 0
        var nextID = 0
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var heard: Int { state.withLock { $0.heard } }

    func hear() {
        let waiting = state.withLock { state in
            state.heard += 1
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.resume() }
    }

    func wait(after seen: Int, within limit: Duration) async {
        await withCheckedContinuation { continuation in
            let id: Int? = state.withLock { state in
                if state.heard > seen { return nil }
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            guard let id else { return continuation.resume() }
            // Registered first, then timed: the timer cannot fire before there is a waiter.
            Task { [self] in
                try? await Task.sleep(for: limit)
                state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
            }
        }
    }
}
