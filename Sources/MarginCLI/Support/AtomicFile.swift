import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file through a temporary sibling, fsync and rename: readers see the old file or
/// the whole new one, never half of it.
enum AtomicFile {
    enum Failure: MarginError {
        case cannotWrite(String, String)
        var errorDescription: String? {
            if case .cannotWrite(let path, let reason) = self { return "cannot write '\(path)' (\(reason)); nothing was written there" }
            return nil
        }
    }

    static func write(to path: String, mode: mode_t = 0o644, _ produce: ((Data) throws -> Void) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try produce { try handle.write(contentsOf: $0) }
            guard fchmod(fd, mode & ~currentUmask()) == 0, fsync(fd) == 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
            try handle.close()
            guard rename(temporary, path) == 0 else { throw Failure.cannotWrite(path, String(cString: strerror(errno))) }
        } catch {
            try? handle.close()
            unlink(temporary)
            if let failure = error as? Failure { throw failure }
            throw Failure.cannotWrite(path, (error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
