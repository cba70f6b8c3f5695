import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one way margin changes what a signal does.
///
/// For a scope (``Scope``, or ``with(ignoring:handling:_:_:)`` around a body), some signals are
/// ignored and some arrive as calls of a handler, made on a thread of their own rather than
/// inside the signal handler, so the handler may do anything; when the scope ends, each of them
/// does again what it did before. (The signal handler itself only writes the signal's number to
/// a pipe, about all a signal handler may do; the handler is in place before the scope's
/// initializer returns, so no signal sent after it is lost.) Children margin starts begin with every signal at its default
/// whatever a scope set (``ChildProcess``). For the whole life of a process: ``ignore(_:)`` and
/// ``restoreDefault(_:)``; to end as a signal ends a process: ``die(of:)``.
public enum Signals {
    /// Signals ignored or handled until ``end()``, which puts back what each did before.
    public final class Scope: Sendable {
        private struct State {
            var previous: [(signal: Int32, action: sigaction)]
            var registration: Int?
            var ended = false
        }

        private let state: Mutex<State>

        /// Ignores `ignored`, and delivers `handled` to `handler` (each arrival of a signal, one
        /// call; several arrivals before the call may be one). Both take effect before it returns.
        public init(ignoring ignored: [Int32] = [], handling handled: [Int32] = [],
                    _ handler: @escaping @Sendable (Int32) -> Void = { _ in }) {
            let registration = handled.isEmpty ? nil : SignalRelay.shared.register(handled, handler)
            receivedSignals.bitwiseAnd(~handled.reduce(UInt64(0)) { $0 | Self.bit($1) }, ordering: .relaxed)
            var previous: [(signal: Int32, action: sigaction)] = []
            for signo in ignored + handled where !previous.contains(where: { $0.signal == signo }) {
                var action = sigaction(), old = sigaction()
                action.__sigaction_handler.sa_handler = handled.contains(signo) ? relaySignal : SIG_IGN
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                guard sigaction(signo, &action, &old) == 0 else { continue }
                previous.append((signo, old))
            }
            state = Mutex(State(previous: previous, registration: registration))
        }

        /// Whether `signo`, one of the handled signals, has come since the scope began: its
        /// handler has run, or it is on its way (sent, and not yet taken by a thread). For a
        /// child that died of a signal sent to the whole group, say: the child's end can be
        /// seen before the handler has run.
        public func received(_ signo: Int32) -> Bool {
            if receivedSignals.load(ordering: .relaxed) & Self.bit(signo) != 0 { return true }
            var pending = sigset_t()
            return sigpending(&pending) == 0 && sigismember(&pending, signo) == 1
        }

        /// Has a handled signal that is on its way taken by the scope's signal handler before
        /// the scope ends, so that it does not meet the disposition put back (the default
        /// action would end margin). Changing the thread's mask, to the same mask, makes the
        /// kernel hand this thread any pending signal it does not block; a thread blocking them
        /// yields until another thread has taken them, a bounded number of times.
        static func takePending(_ signals: [Int32]) {
            var unchanged = sigset_t()
            sigemptyset(&unchanged)
            for _ in 0..<1000 {
                _ = pthread_sigmask(SIG_BLOCK, &unchanged, nil)
                var pending = sigset_t()
                guard sigpending(&pending) == 0, signals.contains(where: { sigismember(&pending, $0) == 1 }) else { return }
                sched_yield()
            }
        }

        static func bit(_ signo: Int32) -> UInt64 {
            (1...63).contains(signo) ? 1 << UInt64(signo) : 0
        }

        /// Stops handling and ignoring: each signal does again what it did before the scope.
        /// Safe to call more than once.
        public func end() {
            let (previous, registration) = state.withLock { state -> ([(signal: Int32, action: sigaction)], Int?) in
                guard !state.ended else { return ([], nil) }
                state.ended = true
                return (state.previous, state.registration)
            }
            if let registration {
                Self.takePending(previous.map(\.signal))
                SignalRelay.shared.unregister(registration)
            }
            for (signo, action) in previous.reversed() {
                var restored = action
                _ = sigaction(signo, &restored, nil)
            }
        }

        deinit { end() }
    }

    /// Runs `body` with `ignored` ignored and `handled` delivered to `handler`; when it returns
    /// or throws, each signal does again what it did before.
    public static func with<Result>(ignoring ignored: [Int32] = [], handling handled: [Int32] = [],
                                    _ handler: @escaping @Sendable (Int32) -> Void = { _ in },
                                    _ body: () throws -> Result) rethrows -> Result {
        let scope = Scope(ignoring: ignored, handling: handled, handler)
        defer { scope.end() }
        return try body()
    }

    /// ``with(ignoring:handling:_:_:)`` around an asynchronous body.
    public static func with<Result>(ignoring ignored: [Int32] = [], handling handled: [Int32] = [],
                                    _ handler: @escaping @Sendable (Int32) -> Void = { _ in },
                                    _ body: () async throws -> Result) async rethrows -> Result {
        let scope = Scope(ignoring: ignored, handling: handled, handler)
        defer { scope.end() }
        return try await body()
    }

    /// Ignores `signo` for the rest of the process (SIGPIPE: a reader gone is an EPIPE error).
    public static func ignore(_ signo: Int32) {
        _ = signal(signo, SIG_IGN)
    }

    /// Gives `signo` its default action for the rest of the process, whatever it inherited (a
    /// shell starts background jobs with SIGINT ignored).
    public static func restoreDefault(_ signo: Int32) {
        _ = signal(signo, SIG_DFL)
    }

    /// Ends the process as `signo` ends a process, so that its parent (a shell) sees it die of
    /// the signal: the default action, then the signal raised. Returns only when the signal's
    /// default is not to end a process (SIGWINCH, say), or it is blocked.
    public static func die(of signo: Int32) {
        restoreDefault(signo)
        raise(signo)
    }
}

/// The signal handler of every handled signal: the signal's number to the relay's pipe.
private let relaySignal: @convention(c) (Int32) -> Void = { signo in
    receivedSignals.bitwiseOr(Signals.Scope.bit(signo), ordering: .relaxed)
    var byte = UInt8(truncatingIfNeeded: signo)
    _ = write(signalPipe.write, &byte, 1)
}

/// The handled signals that came, one bit a signal, set by the signal handler (an atomic
/// operation is safe there) and cleared for its signals when a scope begins.
private let receivedSignals = Atomic<UInt64>(0)

/// The pipe from the signal handler to the relay's thread, made before any handler is in place.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}()

/// Reads the pipe on a thread of its own and calls the handlers of the scopes that handle each
/// signal read; the thread starts with the first such scope and lasts as long as the process.
private final class SignalRelay: Sendable {
    static let shared = SignalRelay()

    private struct Registry {
        var handlers: [Int: (signals: [Int32], handler: @Sendable (Int32) -> Void)] = [:]
        var next = 0
        var started = false
    }

    private let registry = Mutex(Registry())

    func register(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) -> Int {
        let (id, start) = registry.withLock { registry in
            registry.next += 1
            registry.handlers[registry.next] = (signals, handler)
            defer { registry.started = true }
            return (registry.next, !registry.started)
        }
        if start {
            let pipe = signalPipe
            Thread.detachNewThread { [self] in
                var byte: UInt8 = 0
                while true {
                    let count = read(pipe.read, &byte, 1)
                    if count < 0, errno == EINTR { continue }
                    guard count == 1 else { return }
                    deliver(Int32(byte))
                }
            }
        }
        return id
    }

    func unregister(_ id: Int) {
        _ = registry.withLock { $0.handlers.removeValue(forKey: id) }
    }

    private func deliver(_ signo: Int32) {
        let handlers = registry.withLock { registry in
            registry.handlers.values.filter { $0.signals.contains(signo) }.map(\.handler)
        }
        for handler in handlers { handler(signo) }
    }
}
