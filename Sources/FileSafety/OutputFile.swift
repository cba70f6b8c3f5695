import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor margin writes its output to, with `write(2)`.
///
/// `FileHandle.write(_:)` traps on any failure (a full disk, a closed stdout, a reader that
/// went away), so every byte of output goes through here instead: a write interrupted by a
/// signal is retried, a partial write is continued, and a failure becomes a ``Failure``.
public struct OutputFile: Sendable {
    /// The descriptor; margin does not own it and never closes it here.
    public let descriptor: Int32
    /// How messages name it: `standard output`, or the path quoted.
    public let name: String

    /// Names `descriptor` `name` in messages.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// margin's standard output.
    public static let standardOutput = OutputFile(descriptor: STDOUT_FILENO, name: "standard output")

    /// Why output could not be written.
    public enum Failure: LocalizedError, Equatable {
        /// The reading end of the pipe was closed (EPIPE): the reader wants no more.
        case readerGone(String)
        /// The descriptor is not open (EBADF): margin was started with it closed.
        case closed(String)
        /// Any other error of `write(2)`, with the system's words for it.
        case cannotWrite(String, code: Int32, reason: String)

        public var errorDescription: String? {
            switch self {
            case .readerGone: problem
            case .closed: "\(problem); run margin with it open, e.g. >/dev/null"
            case .cannotWrite(_, let code, _) where code == ENOSPC || code == EDQUOT: "\(problem); free some space and run it again"
            case .cannotWrite: problem
            }
        }

        /// True when the reader went away, which is no failure of margin's.
        public var isReaderGone: Bool {
            if case .readerGone = self { return true }
            return false
        }

        /// What went wrong, without the remedy: for a message that has its own.
        public var problem: String {
            switch self {
            case .readerGone(let name): "the reader of \(name) closed it before the output ended"
            case .closed(let name): "cannot write to \(name) (it is closed)"
            case .cannotWrite(let name, _, let reason): "cannot write to \(name) (\(reason))"
            }
        }

        /// Classifies `errno` from a failed write to `name`.
        public init(errno code: Int32, name: String) {
            switch code {
            case EPIPE: self = .readerGone(name)
            case EBADF: self = .closed(name)
            default: self = .cannotWrite(name, code: code, reason: String(cString: strerror(code)))
            }
        }
    }

    /// True when the descriptor is a terminal, where control characters must not pass raw:
    /// stdout read in a pager (``standardOutputPaged``) counts as one.
    public var isTerminal: Bool {
        isatty(descriptor) == 1 || (descriptor == STDOUT_FILENO && Self.standardOutputPaged.load(ordering: .relaxed))
    }

    /// Set while stdout is a pipe into a pager that shows it on the terminal.
    public static let standardOutputPaged = Atomic<Bool>(false)

    /// Writes all of `text` as UTF-8.
    public func write(_ text: String) throws(Failure) {
        var text = text
        // `withUTF8` rethrows untyped errors; carrying the outcome out keeps the type.
        try text.withUTF8 { bytes in Result { () throws(Failure) in try write(UnsafeRawBufferPointer(bytes)) } }.get()
    }

    /// Writes all of `data`.
    public func write(_ data: Data) throws(Failure) {
        try data.withUnsafeBytes { bytes in Result { () throws(Failure) in try write(bytes) } }.get()
    }

    /// Writes every byte of `bytes`, however many `write(2)` calls that takes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        // A descriptor that was closed when margin started now holds /dev/null or a file of
        // the runtime's (see StandardStreams): it is reported closed, never written into.
        if StandardStreams.closedAtStart.contains(descriptor) { throw Failure.closed(name) }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno, name: name)
            }
            offset += written
        }
    }
}

/// `write(2)` itself, under a name that `OutputFile`'s own `write` methods do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
