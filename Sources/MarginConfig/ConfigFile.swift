import Foundation

/// `config.toml`: a few string keys (`note.pin_timeout` is a TOML dotted key).
///
/// margin reads the TOML subset it writes (`key = "string"`, comments, blank lines) and
/// rewrites only the line it changes, so a user's comments and layout survive `config set`.
public struct ConfigFile: Sendable, Equatable {
    /// The keys margin knows, as written in the file: those of ``ConfigKey/all``.
    public static let keys = ConfigKey.all.map(\.fileName)

    public private(set) var values: [String: String] = [:]
    private var lines: [String] = []

    public init() {}

    /// Parses `text`; throws ``ConfigError/invalid(path:line:reason:)`` naming the line at fault.
    public init(text: String, path: String) throws(ConfigError) {
        let (file, problems) = Self.salvage(text)
        if let first = problems.first { throw .invalid(path: path, line: first.line, reason: first.reason) }
        self = file
    }

    /// The lines of `text` that margin can read, and the number and fault of each other line
    /// (left out), so that `config set` can repair a file it cannot parse.
    public static func salvage(_ text: String) -> (ConfigFile, problems: [(line: Int, reason: String)]) {
        var file = ConfigFile()
        var problems: [(line: Int, reason: String)] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                file.lines.append(raw)
                continue
            }
            guard let (key, value) = Self.parse(line) else {
                problems.append((index + 1, "expected key = \"value\""))
                continue
            }
            guard Self.keys.contains(key) else {
                problems.append((index + 1, "unknown key '\(key)' (known: \(Self.keys.joined(separator: ", ")))"))
                continue
            }
            file.lines.append(raw)
            file.values[key] = value
        }
        return (file, problems)
    }

    /// Loads `path`; a missing file is an empty config.
    public static func load(path: String) throws(ConfigError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else { return ConfigFile() }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalid(path: path, line: 1, reason: "not UTF-8 text")
        }
        return try ConfigFile(text: text, path: path)
    }

    public subscript(key: String) -> String? { values[key] }

    /// Sets `key`, replacing its line in place or appending one.
    public mutating func set(_ key: String, _ value: String) {
        let line = "\(key) = \(Self.quote(value))"
        if let index = lines.firstIndex(where: { Self.parse($0.trimmingCharacters(in: .whitespaces))?.0 == key }) {
            lines[index] = line
        } else {
            lines.append(line)
        }
        values[key] = value
    }

    /// Removes `key`'s line, leaving every other line (comments included) as it was.
    public mutating func unset(_ key: String) {
        lines.removeAll { Self.parse($0.trimmingCharacters(in: .whitespaces))?.0 == key }
        values[key] = nil
    }

    /// The file's text.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A config file margin cannot read.
public enum ConfigError: Equatable, LocalizedError {
    case invalid(path: String, line: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .invalid(let path, let line, let reason):
            "cannot read '\(path)' line \(line): \(reason). Fix or delete that line, or run 'margin config set KEY VALUE', which rewrites the file without it (keeping the old one as config.toml.bak)"
        }
    }
}
