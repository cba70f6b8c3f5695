import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NoteStore

/// Where an import's bytes come from, in a form that can be handed to another thread.
enum ImportSource: Sendable {
    case data(Data)
    /// A file, mapped when it is a regular file (see ``ImportFile/withBytes(atPath:_:)``).
    case file(String)

    /// Calls `body` with the bytes.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> R) throws(ImportError) -> R {
        switch self {
        case .data(let data): try ImportFile.withBytes(of: data, body)
        case .file(let path): try ImportFile.withBytes(atPath: path, body)
        }
    }
}

/// Reads an import file without copying it: a regular file is mapped into memory, so a
/// gigabyte of JSON Lines costs address space and page cache rather than heap.
enum ImportFile {
    /// Calls `body` with the bytes of the file at `path`.
    ///
    /// Pipes and other files that cannot be mapped (`/dev/stdin`, a FIFO) are read whole.
    static func withBytes<R>(
        atPath path: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> R
    ) throws(ImportError) -> R {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(path) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .notJSON(line: nil, detail: "'\(path)' is a directory, not a file")
        }
        let size = Int(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFREG, size > 0,
           let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED {
            defer { munmap(mapped, size) }
            return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
        }
        let data: Data
        do {
            data = try FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd() ?? Data()
        } catch {
            throw .notJSON(line: nil, detail: "cannot read '\(path)': \(error.localizedDescription)")
        }
        return try withBytes(of: data, body)
    }

    /// Calls `body` with the bytes of `data`.
    static func withBytes<R>(
        of data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> R
    ) throws(ImportError) -> R {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(ImportError) -> R in try body(raw.assumingMemoryBound(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// The error for a file that cannot be opened, worded after `errno`.
    private static func unreadable(_ path: String) -> ImportError {
        .notJSON(line: nil, detail: "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
}
