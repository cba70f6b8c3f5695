import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How a recording ends: Enter, or a signal. Ctrl-C, SIGTERM and SIGHUP end the recording,
/// not margin: what was said so far is kept and stored, and margin then ends with status
/// 128 + ``signal``. Its owner ends it (``end()``), and the signals end margin again.
public final class StopKeys: Sendable {
    /// One element for each Enter on stdin (unless stdin is not watched) and each SIGINT,
    /// SIGTERM or SIGHUP, until ``end()``: what ends the recording.
    public let presses: AsyncStream<Void>

    private struct State {
        /// The first signal that came.
        var first: Int32?
        /// Whether a signal also ends a wait on ``nextSignal()`` (``arm()``); who waits, and a
        /// signal that came for it before the wait began.
        var armed = false
        var waiter: CheckedContinuation<Int32?, Never>?
        var awaited: Int32?
        var ended = false
    }

    private let state = Mutex(State())
    private let pressed: AsyncStream<Void>.Continuation
    private let scope: Mutex<Signals.Scope?>
    private let signals: [Int32]
    /// The pipe whose write end tells the stdin reader to stop; -1 when stdin is not watched.
    private let wake: (read: Int32, write: Int32)

    static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Starts listening: to the signals at once unless `signalsFromArming` (then from
    /// ``arm()`` on; their dispositions are back when it ends), and, when `watchingStdin` (false
    /// for a stdin closed at start, or a recording read from a file), to Enter, on a thread that
    /// reads stdin until the end.
    public convenience init(watchingStdin: Bool = true, signalsFromArming: Bool = false) {
        self.init(watchingStdin: watchingStdin, signalsFromArming: signalsFromArming, signals: Self.endingSignals)
    }

    /// Listens to `signals`, and reads `input` for Enter (the tests' own signal and pipe).
    init(watchingStdin: Bool, signalsFromArming: Bool, signals: [Int32], input: Int32 = STDIN_FILENO) {
        self.signals = signals
        (presses, pressed) = AsyncStream<Void>.makeStream()
        let pipe = watchingStdin ? ChildProcess.pipe() : nil
        wake = pipe.map { ($0.read, $0.write) } ?? (-1, -1)
        scope = Mutex(nil)
        if !signalsFromArming { listen() }
        guard let pipe else { return }
        let pressed = self.pressed
        Thread.detachNewThread {
            Self.readEnter(from: input, stopping: pipe.read) { pressed.yield(()) }
            close(pipe.read)
        }
    }

    /// The first signal that ended the recording, if one did: margin stores the note, then
    /// ends with status 128 + this.
    public var signal: Int32? { state.withLock { $0.first } }

    /// From now on a signal also ends a wait on ``nextSignal()``, one that begins after the
    /// signal came included: for a wait a signal cuts short, such as the one on a transcript.
    public func arm() {
        state.withLock { $0.armed = true }
        listen()
    }

    /// Puts the signals' scope in place, unless it is or the keys have ended.
    private func listen() {
        scope.withLock { scope in
            guard scope == nil, !state.withLock({ $0.ended }) else { return }
            scope = Signals.Scope(handling: signals) { [weak self] signo in self?.came(signo) }
        }
    }

    /// The first signal since ``arm()``, once one comes; nil once ``end()`` is called (or the
    /// task is cancelled) first.
    public func nextSignal() async -> Int32? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Int32?? in
                    if state.ended || Task.isCancelled { return .some(nil) }
                    if let signo = state.awaited { state.awaited = nil; return signo }
                    state.waiter = continuation
                    return .none
                }
                if case .some(let value) = now { continuation.resume(returning: value) }
            }
        } onCancel: {
            state.withLock { $0.waiter.take() }?.resume(returning: nil)
        }
    }

    /// Stops listening: the signals end margin again, the stdin reader stops, ``presses``
    /// ends and a ``nextSignal()`` waiting returns nil. A signal on its way as the keys end
    /// still counts. Returns ``signal``, as it stands once they have ended. Safe to call more
    /// than once.
    @discardableResult
    public func end() -> Int32? {
        // The scope ends first: a signal it takes as it ends still reaches ``came(_:)``.
        scope.withLock { $0.take() }?.end()
        let waiter = state.withLock { state -> CheckedContinuation<Int32?, Never>?? in
            guard !state.ended else { return .none }
            state.ended = true
            return .some(state.waiter.take())
        }
        guard case .some(let waiting) = waiter else { return signal }
        // Closing the write end wakes the reader's poll (a hang-up); nothing is written to a
        // reader that may be gone.
        if wake.write >= 0 { close(wake.write) }
        pressed.finish()
        waiting?.resume(returning: nil)
        return signal
    }

    deinit { end() }

    /// A signal came: it ends the recording, and a wait on the next signal.
    private func came(_ signo: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Int32?, Never>? in
            state.first = state.first ?? signo
            guard !state.ended, state.armed else { return nil }
            if let waiter = state.waiter.take() { return waiter }
            state.awaited = state.awaited ?? signo
            return nil
        }
        pressed.yield(())
        waiter?.resume(returning: signo)
    }

    /// Reads `input` until it ends or `stop` becomes readable, calling `enter` for each read
    /// that holds a newline or a carriage return.
    private static func readEnter(from input: Int32, stopping stop: Int32, _ enter: () -> Void) {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            guard poll(&descriptors, 2, -1) > 0 else {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            let count = read(input, &buffer, buffer.count)
            // stdin ended: only the signals are left.
            guard count > 0 else { return }
            if buffer.prefix(count).contains(where: { $0 == 0x0A || $0 == 0x0D }) { enter() }
        }
    }
}
