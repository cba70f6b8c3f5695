import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on a file, held by one process at a time: released by ``release()``,
/// or by the kernel when the process ends, however it ends.
public final class FileLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Why a lock was not taken.
    public enum Failure: Error, Equatable {
        /// The lock file cannot be opened (the reason is `strerror`'s).
        case unopenable(String)
        /// Another process held it past the timeout.
        case held
        case cancelled
    }

    /// Takes the lock on `path` (created 0600 when missing), waiting up to `timeout` without
    /// blocking a thread.
    public static func acquire(_ path: String, timeout: Duration) async throws(Failure) -> FileLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unopenable(String(cString: strerror(errno))) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(fd)
                throw .held
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch {
                close(fd)
                throw .cancelled
            }
        }
        return FileLock(fd: fd)
    }

    /// Releases the lock.
    public func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
