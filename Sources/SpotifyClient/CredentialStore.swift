import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes `credentials.json` safely: 0600 in a 0700 directory, written to a
/// temporary file, fsynced and renamed, so a crash leaves the old file or the new one.
public struct CredentialStore: Sendable {
    /// `$XDG_CONFIG_HOME/margin`.
    public let directory: String
    public var path: String { directory + "/credentials.json" }
    var lockPath: String { directory + "/credentials.lock" }

    public init(directory: String) {
        self.directory = directory
    }

    /// The stored credentials, or nil when there are none.
    public func load() throws(SpotifyError) -> Credentials? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .credentialsCorrupt(path: path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .credentialsCorrupt(path: path) }
        let mode = Int(info.st_mode) & 0o777
        if mode & 0o077 != 0 { throw .credentialsInsecure(path: path, mode: mode) }
        guard let data = try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd(),
              let credentials = try? JSONDecoder.margin.decode(Credentials.self, from: data),
              !credentials.accessToken.isEmpty, !credentials.refreshToken.isEmpty
        else { throw .credentialsCorrupt(path: path) }
        return credentials
    }

    /// Writes `credentials` atomically with mode 0600, whatever the umask.
    public func save(_ credentials: Credentials) throws(SpotifyError) {
        try ensureDirectory()
        let data: Data
        do { data = try JSONEncoder.margin.encode(credentials) } catch { throw .credentialsUnwritable(path: path, reason: "encoding failed") }
        do {
            try AtomicFile.write(data, to: path, exactMode: 0o600)
        } catch let failure as AtomicFile.Failure {
            switch failure {
            case .cannotWrite(_, let reason): throw .credentialsUnwritable(path: path, reason: reason)
            case .isDirectory: throw .credentialsUnwritable(path: path, reason: "it is a directory")
            }
        } catch {
            throw .credentialsUnwritable(path: path, reason: String(describing: error))
        }
    }

    /// Removes the stored credentials; true when there were some.
    @discardableResult
    public func delete() throws(SpotifyError) -> Bool {
        if unlink(path) == 0 {
            syncDirectory()
            return true
        }
        if errno == ENOENT { return false }
        throw unwritable()
    }

    /// Creates the directory 0700, and tightens it if it already exists with looser bits.
    func ensureDirectory() throws(SpotifyError) {
        let parent = (directory as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw unwritable() }
        var info = stat()
        guard stat(directory, &info) == 0 else { throw unwritable() }
        if Int(info.st_mode) & 0o777 != 0o700 && chmod(directory, 0o700) != 0 { throw unwritable() }
    }

    private func unwritable() -> SpotifyError {
        .credentialsUnwritable(path: path, reason: String(cString: strerror(errno)))
    }

    private func syncDirectory() {
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { return }
        fsync(dfd)
        close(dfd)
    }
}
