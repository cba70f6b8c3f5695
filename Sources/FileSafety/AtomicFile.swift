import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `-o FILE`. A regular file is written through a temporary sibling, fsync and rename:
/// readers see the old file or the whole new one, never half of it. Anything else (a device
/// such as /dev/null, a FIFO, a terminal) is written in place, since renaming over it would
/// replace the device node or the FIFO with a plain file. Symlinks are followed, never replaced.
public enum AtomicFile {
    /// Why a file could not be written; nothing was written to it then.
    public enum Failure: LocalizedError, Equatable {
        case cannotWrite(String, String)
        case isDirectory(String)

        public var errorDescription: String? {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write '\(path)' (\(reason)); nothing was written there"
            case .isDirectory(let path):
                "'\(path)' is a directory; name a file in it, e.g. -o '\(path.hasSuffix("/") ? path : path + "/")notes.json'"
            }
        }
    }

    /// Writes to `path` what `produce` hands the sink it is given. A new file gets `mode`
    /// (less the umask); a replaced one keeps its mode and, where margin may set it, its owner.
    public static func write(to path: String, mode: mode_t = 0o644, _ produce: ((Data) throws -> Void) throws -> Void) throws {
        switch try Destination(resolving: path) {
        case .replace(let target, let existing):
            try replace(target, shownAs: path, mode: existing?.mode ?? (mode & ~currentUmask()), owner: existing, produce)
        case .inPlace(let target):
            try writeInPlace(target, shownAs: path, produce)
        }
    }

    private static func replace(
        _ target: String, shownAs path: String, mode: mode_t, owner: Destination.Existing?,
        _ produce: ((Data) throws -> Void) throws -> Void
    ) throws {
        // The temporary file sits beside the target: rename(2) is atomic only within one file system.
        let (directory, name) = Destination.split(target)
        var template = Array(((directory == "/" ? "" : directory) + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do {
            let file = OutputFile(descriptor: fd, name: "'\(path)'")
            try produce { try file.write($0) }
            // Run as root, margin would otherwise hand a user's file over to root; anyone
            // else cannot give a file away, and then it simply stays theirs.
            if let owner, owner.owner != geteuid() || owner.group != getegid() { _ = fchown(fd, owner.owner, owner.group) }
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
            isOpen = false
            guard close(fd) == 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
            guard rename(temporary, target) == 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw describe(error, path: path)
        }
    }

    /// Writes into what is already there: no O_CREAT, and no O_TRUNC, which means nothing
    /// good on a device. O_APPEND matters only for a regular file reached through
    /// /dev/stdout, which the shell may have opened with `>>`: appending keeps what is there
    /// (a file opened with `>` is empty anyway).
    private static func writeInPlace(_ target: String, shownAs path: String, _ produce: ((Data) throws -> Void) throws -> Void) throws {
        let fd = open(target, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        // `-o /dev/tty` is a terminal too: it gets what stdout would.
        var sink = SafeOutput(OutputFile(descriptor: fd, name: "'\(path)'"))
        try produce { try sink.write($0) }
        try sink.finish()
    }

    /// Writes `data` to `path` whole or not at all, with exactly `mode` whatever the umask and
    /// whatever mode a replaced file had: for secrets (credentials) and for settings files.
    /// The directory entry is synced too, so that the rename survives a crash.
    public static func write(_ data: Data, to path: String, exactMode mode: mode_t) throws {
        switch try Destination(resolving: path) {
        case .replace(let target, let existing):
            try replace(target, shownAs: path, mode: mode, owner: existing) { sink in try sink(data) }
            syncDirectory(of: target)
        case .inPlace(let target):
            try writeInPlace(target, shownAs: path) { sink in try sink(data) }
        }
    }

    /// Writes `data` to `path` as ``write(to:mode:_:)`` does.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws {
        try write(to: path, mode: mode) { sink in try sink(data) }
    }

    private static func syncDirectory(of target: String) {
        let directory = open(Destination.split(target).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }

    /// A failure while replacing a file, in ``Failure``'s words.
    private static func describe(_ error: any Error, path: String) -> Failure {
        switch error {
        case let failure as Failure: failure
        case OutputFile.Failure.cannotWrite(_, _, let reason): .cannotWrite(path, reason)
        case let failure as OutputFile.Failure: .cannotWrite(path, failure.problem)
        case let error as any LocalizedError: .cannotWrite(path, error.errorDescription ?? String(describing: error))
        default: .cannotWrite(path, String(describing: error))
        }
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
