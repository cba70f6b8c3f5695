import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sealing keys from `MARGIN_SERVICE_KEYS_FILE`: lines `KEY_ID BASE64_32_BYTE_KEY`, the
/// last one current. Older keys stay to open tokens sealed before a rotation.
///
/// Never printed: its description names the key ids only.
public struct KeyRing: Sendable, CustomStringConvertible {
    /// One key and its id.
    public struct Key: Sendable {
        public let id: String
        let key: SealingKey
    }

    /// Every key, in file order; the last is current.
    public let keys: [Key]
    private let byID: [String: SealingKey]

    /// The key new tokens are sealed with.
    public var current: Key { keys[keys.count - 1] }

    public var description: String { "keys \(keys.map(\.id).joined(separator: ", ")) (current \(current.id))" }

    /// Parses the file's text; `path` only names the file in errors.
    public init(text: String, path: String) throws(KeyFileError) {
        var keys: [Key] = []
        var byID: [String: SealingKey] = [:]
        // "\r\n" is one Character in Swift: a file written on Windows splits on it too, its CR gone.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, Self.isValidID(fields[0]) else { throw .malformed(path: path, line: index + 1) }
            let id = String(fields[0])
            guard let bytes = Data(base64Encoded: String(fields[1])) else { throw .malformed(path: path, line: index + 1) }
            guard bytes.count == 32 else { throw .wrongLength(path: path, line: index + 1, bytes: bytes.count) }
            guard byID[id] == nil else { throw .duplicate(path: path, line: index + 1, id: id) }
            let key = SealingKey(bytes: Array(bytes))
            byID[id] = key
            keys.append(Key(id: id, key: key))
        }
        guard !keys.isEmpty else { throw .empty(path: path) }
        self.keys = keys
        self.byID = byID
    }

    /// Reads `path`, which must be readable by its owner only (0600 or 0400).
    public static func load(path: String) throws(KeyFileError) -> KeyRing {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .insecure(path: path, mode: mode) }
        // An empty file reads as nil: the parser then names it empty.
        guard let data = try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd() ?? Data(),
              let text = String(data: data, encoding: .utf8)
        else { throw .unreadable(path: path, reason: "not UTF-8 text") }
        return try KeyRing(text: text, path: path)
    }

    /// The key named `id`, or nil when the file has no such key (any more).
    func key(id: String) -> SealingKey? { byID[id] }

    /// Ids are what a sealed token names: 1 to 32 letters, digits, `_` or `-` (no dot).
    static func isValidID(_ id: Substring) -> Bool {
        (1...32).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}

/// A keys file the service will not start with. Messages name the line, never its text.
public enum KeyFileError: Error, Equatable, LocalizedError {
    case unreadable(path: String, reason: String)
    case insecure(path: String, mode: Int)
    case malformed(path: String, line: Int)
    case wrongLength(path: String, line: Int, bytes: Int)
    case duplicate(path: String, line: Int, id: String)
    case empty(path: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the keys file '\(path)' (\(reason)); set MARGIN_SERVICE_KEYS_FILE to a readable file"
        case .insecure(let path, let mode):
            "the keys file '\(path)' is readable by others (mode \(String(mode, radix: 8))); run 'chmod 600 \(path)'"
        case .malformed(let path, let line):
            "the keys file '\(path)' line \(line) is not 'KEY_ID BASE64_KEY' (id: letters, digits, _ or -); fix that line"
        case .wrongLength(let path, let line, let bytes):
            "the keys file '\(path)' line \(line) holds a \(bytes)-byte key, not 32; make one with: head -c32 /dev/urandom | base64"
        case .duplicate(let path, let line, let id):
            "the keys file '\(path)' line \(line) repeats the key id '\(id)'; give each key its own id"
        case .empty(let path):
            "the keys file '\(path)' has no key; add a line like: k1 $(head -c32 /dev/urandom | base64)"
        }
    }
}

/// A 32-byte AES-256 key. Never printed.
struct SealingKey: Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    var description: String { "SealingKey(\(bytes.count) bytes)" }
}
