import FileSafety
import Foundation

extension CredentialStore {
    /// Waits (without blocking a thread) for the cross-process refresh lock on
    /// `credentials.lock`, held while one process refreshes.
    public func lock(timeout: Duration = .seconds(30)) async throws(SpotifyError) -> FileLock {
        try ensureDirectory()
        do {
            return try await FileLock.acquire(lockPath, timeout: timeout)
        } catch {
            switch error {
            case .unopenable(let reason): throw .credentialsUnwritable(path: lockPath, reason: reason)
            case .held: throw .credentialsUnwritable(path: lockPath, reason: "another margin process holds the lock")
            case .cancelled: throw .cancelled
            }
        }
    }
}
