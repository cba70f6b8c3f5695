import Foundation
import GRDB

/// Turns SQLite and file system failures into the store's own errors.
extension NoteStoreError {
    /// Maps any error thrown while using the store at `path`; a `NoteStoreError` passes through.
    ///
    /// Only the primary result code matters to the user: it tells a read-only file from a full
    /// disk from a damaged file, and the reason says what to check.
    package init(_ error: any Error, path: String) {
        if let error = error as? NoteStoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .cannotOpen(path: path, reason: error.localizedDescription)
            return
        }
        let detail = error.message ?? "\(error.resultCode)"
        let writeFailures: [ResultCode] = [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_IOERR]
        if writeFailures.contains(error.resultCode), let reason = DiskCondition.of(path: path).reason {
            self = .unwritable(path: path, reason: reason)
            return
        }
        switch error.resultCode {
        case .SQLITE_READONLY:
            self = .unwritable(path: path, reason: "the file or its directory is read-only")
        case .SQLITE_CANTOPEN:
            self = .unwritable(
                path: path,
                reason: "the file cannot be created or opened; check the permissions of the file and its directory")
        case .SQLITE_PERM:
            self = .unwritable(path: path, reason: "permission denied")
        case .SQLITE_FULL:
            self = .unwritable(path: path, reason: "the disk is full")
        case .SQLITE_IOERR:
            self = .unwritable(path: path, reason: detail == "disk I/O error" ? detail : "disk I/O error (\(detail))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .unwritable(path: path, reason: "another process kept it locked for longer than 10 seconds")
        case .SQLITE_NOTADB:
            self = .cannotOpen(path: path, reason: "the file is not a SQLite database")
        case .SQLITE_CORRUPT:
            self = .cannotOpen(path: path, reason: "the database file is damaged")
        default:
            self = .cannotOpen(path: path, reason: detail)
        }
    }
}
