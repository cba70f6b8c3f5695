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
    /// The signals' handler writes the signal's number to a pipe (about all a signal handler
    /// may do); a thread of its own waits on that pipe and on stdin. It lives as long as the
    /// process, which ends soon after the recording.
    public static func stream(watchingStdin: Bool = true) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let pipe = interruptPipe
        listening.withLock { $0 = true }
        for signo in endingSignals {
            Glibc.signal(signo) { signo in
                var byte = UInt8(truncatingIfNeeded: signo)
                _ = write(interruptPipe.write, &byte, 1)
            }
        }
        let watchStdin = watchingStdin
        Thread.detachNewThread {
            var descriptors = [pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)]
            if watchStdin { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else {
                    if errno == EINTR { continue }
                    return
                }
                for index in descriptors.indices where descriptors[index].revents != 0 {
                    let count = read(descriptors[index].fd, &buffer, buffer.count)
                    if descriptors[index].fd == pipe.read {
                        if count > 0 {
                            let signo = Int32(buffer[0])
                            if let message = abandoning.withLock({ $0 }) {
                                let line = Array((message + "\n").utf8)
                                _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                                _exit(128 + signo)
                            }
                            received.withLock { $0 = $0 ?? signo }
                            continuation.yield(())
                        }
                    } else if count <= 0 {
                        // stdin ended: only Ctrl-C is left.
                        descriptors[index].fd = -1
                    } else if buffer.prefix(count).contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                        continuation.yield(())
                    }
                }
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
        if !listening.withLock({ $0 }) { _ = stream(watchingStdin: false) }
    }

    /// The signals end margin again.
    public static func restore() {
        abandoning.withLock { $0 = nil }
        for signo in endingSignals { Glibc.signal(signo, SIG_DFL) }
    }

    static let endingSignals = [SIGINT, SIGTERM, SIGHUP]
}

/// The first signal that ended a recording.
private let received = Mutex<Int32?>(nil)

/// Whether the signals' handler and its thread are in place.
private let listening = Mutex(false)

/// What margin says when a signal ends it at once (``StopKeys/endAtOnce(saying:)``).
private let abandoning = Mutex<String?>(nil)

/// The pipe Ctrl-C's handler writes to: made before the handler is installed.
private let interruptPipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
}()
