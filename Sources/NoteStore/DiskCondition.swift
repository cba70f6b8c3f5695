#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system holding a store says about itself, to explain a failed write plainly.
enum DiskCondition {
    case readOnly
    case full
    case unknown

    /// Looks at the file system of `path`'s directory (the store's file may not exist yet).
    static func of(path: String) -> DiskCondition {
        var directory = path
        if let slash = directory.lastIndex(of: "/") {
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
        } else {
            directory = "."
        }
        var stats = statvfs()
        guard statvfs(directory, &stats) == 0 else { return .unknown }
        if stats.f_flag & UInt(ST_RDONLY) != 0 { return .readOnly }
        // A few blocks may be left when a write fails for want of a whole page.
        if stats.f_bavail < 8 { return .full }
        return .unknown
    }

    /// The reason to show, if the file system explains the failure.
    var reason: String? {
        switch self {
        case .readOnly: "the file system holding it is read-only"
        case .full: "the disk is full; free some space and try again"
        case .unknown: nil
        }
    }
}
