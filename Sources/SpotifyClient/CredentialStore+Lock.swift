import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on `credentials.lock`, held while one process refreshes.
public final class CredentialLock: Sendable {
    private let fd: Int32

    fileprivate init(fd: Int32) {
        self.fd = fd
    }

    /// Releases the lock; closing the descriptor drops it even if the process dies first.
    public func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

extension CredentialStore {
    /// Waits (without blocking a thread) for the cross-process refresh lock.
    public func lock(timeout: Duration = .seconds(30)) async throws(SpotifyError) -> CredentialLock {
        try ensureDirectory()
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .credentialsUnwritable(path: lockPath, reason: String(cString: strerror(errno)))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(fd)
                throw .credentialsUnwritable(path: lockPath, reason: "another margin process holds the lock")
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch {
                close(fd)
                throw .cancelled
            }
        }
        return CredentialLock(fd: fd)
    }
}
