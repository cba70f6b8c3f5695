import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// What `-o PATH` names once its symlinks are followed, and so how it is written.
    public enum Destination: Equatable, Sendable {
        /// A regular file, or nothing yet: replaced whole through a temporary sibling.
        /// `existing` is the file being replaced, whose mode and owner the new one keeps.
        case replace(String, existing: Existing?)
        /// Anything else: a device, a FIFO, a terminal, or a descriptor named through /proc.
        case inPlace(String)

        /// The mode and owner of a regular file about to be replaced.
        public struct Existing: Equatable, Sendable {
            public var mode: mode_t
            public var owner: uid_t
            public var group: gid_t
        }

        /// Follows `path`'s symlinks to what they finally name; a dangling link names the
        /// file it would point to, to be created there.
        public init(resolving path: String) throws(Failure) {
            var current = try Self.real(path, shownAs: path)
            // The kernel gives up after 40 links too (ELOOP).
            for _ in 0..<40 {
                var info = stat()
                guard lstat(current, &info) == 0 else {
                    guard errno == ENOENT else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
                    self = .replace(current, existing: nil)
                    return
                }
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    self = .replace(current, existing: Existing(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
                    return
                case S_IFDIR:
                    throw Failure.isDirectory(path)
                case S_IFLNK where current.hasPrefix("/proc/"):
                    // /dev/stdout and /dev/fd/N lead to /proc/PID/fd/N, whose link text
                    // ("pipe:[…]") is no path: only opening the link itself reaches the file.
                    self = .inPlace(current)
                    return
                case S_IFLNK:
                    current = try Self.real(Self.target(of: current, shownAs: path), shownAs: path)
                default:
                    self = .inPlace(current)
                    return
                }
            }
            throw Failure.cannotWrite(path, String(cString: strerror(ELOOP)))
        }

        /// `path` with its directory made absolute and free of symlinks; its last component
        /// is left alone, for ``init(resolving:)`` to look at.
        private static func real(_ path: String, shownAs shown: String) throws(Failure) -> String {
            let (directory, name) = split(path)
            if name.isEmpty || name == "." || name == ".." { throw Failure.isDirectory(shown) }
            guard let resolved = realpath(directory, nil) else { throw Failure.cannotWrite(shown, String(cString: strerror(errno))) }
            defer { free(resolved) }
            let real = String(cString: resolved)
            return (real == "/" ? "" : real) + "/" + name
        }

        /// Where the symlink at `link` points, relative targets taken from the link's directory.
        private static func target(of link: String, shownAs shown: String) throws(Failure) -> String {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(link, &buffer, buffer.count - 1)
            guard length >= 0 else { throw Failure.cannotWrite(shown, String(cString: strerror(errno))) }
            let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("/") { return text }
            return split(link).directory + "/" + text
        }

        /// `path` cut at its last slash, trailing slashes ignored: `("dir", "name")`; a bare
        /// name is in `.`, and `/` is `("/", "")`.
        public static func split(_ path: String) -> (directory: String, name: String) {
            var trimmed = Substring(path)
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
            let directory = trimmed[..<slash]
            return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
        }
    }
}
