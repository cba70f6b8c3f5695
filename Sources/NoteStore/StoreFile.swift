import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the store's directory and file with private permissions before SQLite opens it.
enum StoreFile {
    /// Creates the missing directories of `path` with mode 0700, then the file with mode 0600.
    ///
    /// Notes are private, and SQLite would create the file with the umask's mode (usually 0644).
    /// `O_EXCL` matters: a process racing with another must never truncate a file that has
    /// started to hold data.
    static func prepare(_ path: String) throws(NoteStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try makeDirectories(directory, for: path)
        }
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
        } else if errno != EEXIST {
            throw failure(path: path, doing: "cannot create the file")
        }
    }

    /// The file's size in bytes, or 0 when it does not exist.
    static func size(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }

    /// `mkdir -p` with mode 0700 for the directories it creates; existing ones keep their mode.
    private static func makeDirectories(_ directory: String, for path: String) throws(NoteStoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unwritable(path: path, reason: "'\(directory)' is not a directory")
            }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory {
            try makeDirectories(parent, for: path)
        }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw failure(path: path, doing: "cannot create the directory '\(directory)'")
        }
    }

    /// The error for a failed system call, worded after `errno`.
    private static func failure(path: String, doing action: String) -> NoteStoreError {
        let code = errno
        let reason = "\(action): \(String(cString: strerror(code)))"
        switch code {
        case EACCES, EPERM, EROFS, ENOSPC, EDQUOT, ENOTDIR, EIO:
            return .unwritable(path: path, reason: reason)
        default:
            return .cannotOpen(path: path, reason: reason)
        }
    }
}
