import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// How a child ended, decoded from `waitpid`'s status.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this code (0 to 255).
        case exited(Int32)
        /// A signal ended it (a crash, a kill).
        case signaled(Int32)

        /// Decodes a status `waitpid` gave for a child that ended.
        public init(status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        }

        /// Whether it exited with code 0.
        public var succeeded: Bool { self == .exited(0) }

        /// For messages: "exit 3", "signal 15".
        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// Waits, blocking this thread, until child `pid` ends, and reaps it; a signal margin
    /// handles meanwhile (EINTR) does not end the wait. Throws only when `pid` is no child of
    /// margin's to wait for (`ECHILD`, already reaped).
    public static func wait(for pid: pid_t) throws(Errno) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            let code = errno
            guard code == EINTR else { throw Errno(code: code) }
        }
        return Ending(status: status)
    }

    /// Waits for child `pid` on a thread of its own, so that the concurrency pool's threads
    /// never block on a child that runs for minutes.
    public static func ending(of pid: pid_t) async throws(Errno) -> Ending {
        let result: Result<Ending, Errno> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Result { () throws(Errno) in try wait(for: pid) }) }
        }
        return try result.get()
    }

    /// Runs `then` on a thread of its own once child `pid` has ended and been reaped, for a
    /// child margin does not wait for (a browser).
    public static func whenEnded(_ pid: pid_t, then: @escaping @Sendable (Result<Ending, Errno>) -> Void) {
        Thread.detachNewThread { then(Result { () throws(Errno) in try wait(for: pid) }) }
    }
}
