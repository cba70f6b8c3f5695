import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How a recording ends: Enter, or a signal. Ctrl-C, SIGTERM and SIGHUP end the recording,
/// not margin: what was said so far is kept and stored, and margin then ends with status
/// 128 + ``signal``.
public enum StopKeys {
    /// Yields once for each Enter on stdin (unless `watchingStdin` is false: a stdin closed at
    /// start) and each SIGINT, SIGTERM or SIGHUP, until ``restore()``.
    ///
    /// The signals arrive through a ``Signals/Scope``; a thread of its own waits on stdin. It
    /// lives as long as the process, which ends soon after the recording.
    public static func stream(watchingStdin: Bool = true) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        // A scope already in place ends first, so that this one saves the dispositions margin
        // had before either.
        listening.withLock { $0.take() }?.end()
        let scope = Signals.Scope(handling: endingSignals) { signo in
            if let message = abandoning.withLock({ $0 }) {
                let line = Array((message + "\n").utf8)
                _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                _exit(128 + signo)
            }
            received.withLock { $0 = $0 ?? signo }
            continuation.yield(())
        }
        listening.withLock { $0 = scope }
        guard watchingStdin else { return stream }
        Thread.detachNewThread {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                guard poll(&descriptor, 1, -1) > 0 else {
                    if errno == EINTR { continue }
                    return
                }
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                // stdin ended: only the signals are left.
                guard count > 0 else { return }
                if buffer.prefix(count).contains(where: { $0 == 0x0A || $0 == 0x0D }) { continuation.yield(()) }
            }
        }
        return stream
    }

    /// The first signal that ended a recording, if one did: margin stores the note, then ends
    /// with status 128 + this.
    public static var signal: Int32? { received.withLock { $0 } }

    /// From now on SIGINT, SIGTERM or SIGHUP ends margin at once, with `message` on stderr and
    /// status 128 + the signal: for the wait on a transcript, once the note is stored (pending,
    /// with its recording) and playback resumed. The recognizer, margin's child, ends with it.
    public static func endAtOnce(saying message: String) {
        abandoning.withLock { $0 = message }
        if listening.withLock({ $0 == nil }) { _ = stream(watchingStdin: false) }
    }

    /// The signals end margin again.
    public static func restore() {
        abandoning.withLock { $0 = nil }
        listening.withLock { $0.take() }?.end()
    }

    static let endingSignals = [SIGINT, SIGTERM, SIGHUP]
}

/// The first signal that ended a recording.
private let received = Mutex<Int32?>(nil)

/// The signals' scope while they end a recording rather than margin.
private let listening = Mutex<Signals.Scope?>(nil)

/// What margin says when a signal ends it at once (``StopKeys/endAtOnce(saying:)``).
private let abandoning = Mutex<String?>(nil)
