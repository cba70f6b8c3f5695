import Synchronization

/// At most so many exchanges at once; the rest wait, first come first served. A waiter whose
/// task is cancelled leaves the queue.
final class ExchangeLimit: Sendable {
    private struct State {
        var free: Int
        var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var next = 0
    }

    private let state: Mutex<State>

    init(_ count: Int) {
        state = Mutex(State(free: max(1, count)))
    }

    func run<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard await acquire() else { throw SpotifyError.cancelled }
        defer { release() }
        return try await body()
    }

    /// True once a turn is taken; false when the task was cancelled while it waited.
    private func acquire() async -> Bool {
        let id = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    state.waiting.append((id, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            cancelled?.resume(returning: false)
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
