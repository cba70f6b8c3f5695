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
/// initializer returns, so no signal sent after it is lost.) Children margin starts begin with
/// every signal at its default whatever a scope set (``ChildProcess``). For the whole life of a
/// process: ``ignore(_:)`` and ``restoreDefault(_:)``; to end as a signal ends a process:
/// ``die(of:)``.
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
            receivedSignals.bitwiseAnd(~handled.reduce(UInt64(0)) { $0 | signalBit($1) }, ordering: .relaxed)
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
        /// handler has run, or it was on its way (sent, not yet taken by a thread) and is taken
        /// now. For a child that died of a signal sent to the whole group, say: the child's end
        /// can be seen before margin's handler has run.
        public func received(_ signo: Int32) -> Bool {
            Self.takePending([signo])
            return receivedSignals.load(ordering: .relaxed) & signalBit(signo) != 0
        }

        /// Takes the signals of `signals` that are on their way, here and now, as the signal
        /// handler would (their bit, their byte on the pipe): blocked on this thread for the
        /// moment, a pending one is taken with a wait that does not wait. Whatever comes after
        /// reaches the handler when the thread's mask is put back.
        static func takePending(_ signals: [Int32]) {
            var set = sigset_t(), old = sigset_t()
            sigemptyset(&set)
            for signo in signals { sigaddset(&set, signo) }
            guard pthread_sigmask(SIG_BLOCK, &set, &old) == 0 else { return }
            defer { _ = pthread_sigmask(SIG_SETMASK, &old, nil) }
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while true {
                let signo = sigtimedwait(&set, nil, &now)
                if signo < 0, errno == EINTR { continue }
                guard signo > 0 else { return }
                relaySignal(signo)
            }
        }

        /// Stops handling and ignoring: each signal does again what it did before the scope.
        /// A signal taken as it ends still counts for ``received(_:)``; its handler may be
        /// called once after `end` returns. Safe to call more than once. Scopes that handle the
        /// same signal end in the reverse order of their making.
        public func end() {
            let (previous, registration) = state.withLock { state -> ([(signal: Int32, action: sigaction)], Int?) in
                guard !state.ended else { return ([], nil) }
                state.ended = true
                return (state.previous, state.registration)
            }
            // What is on its way is taken while the scope's handler is still in place; what
            // comes once each disposition is put back meets it.
            if registration != nil { Self.takePending(previous.map(\.signal)) }
            for (signo, action) in previous.reversed() {
                var restored = action
                _ = sigaction(signo, &restored, nil)
            }
            if let registration { SignalRelay.shared.unregister(registration) }
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
        // raise() signals this thread, which may block it (Dispatch's threads block them all).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signo)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signo)
    }
}

/// The signal handler of every handled signal: the signal's number to the relay's pipe.
/// The pipe's write end does not block: were the relay ever behind by a pipe's worth, a signal
/// would still have its bit, and the thread it interrupted would go on. errno is the
/// interrupted code's, and is put back.
private let relaySignal: @convention(c) (Int32) -> Void = { signo in
    let saved = errno
    receivedSignals.bitwiseOr(signalBit(signo), ordering: .relaxed)
    var byte = UInt8(truncatingIfNeeded: signo)
    _ = write(signalPipe.write, &byte, 1)
    errno = saved
}

/// `signo`'s bit in ``receivedSignals`` (none for a number past 63).
@inline(__always)
private func signalBit(_ signo: Int32) -> UInt64 {
    signo > 0 && signo < 64 ? 1 << UInt64(signo) : 0
}

/// The handled signals that came, one bit a signal, set by the signal handler (an atomic
/// operation is safe there) and cleared for its signals when a scope begins.
private let receivedSignals = Atomic<UInt64>(0)

/// The pipe from the signal handler to the relay's thread, made before any handler is in place.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
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
