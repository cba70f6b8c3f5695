import Foundation

/// libpq's password file: `~/.pgpass`, or the file `PGPASSFILE` names.
///
/// Each line is `hostname:port:database:username:password`; `*` matches anything, `\:` and
/// `\\` are a literal colon and backslash, and lines starting with `#` are comments. As libpq
/// does, a file that others can read is not used.
struct PasswordFile {
    let lines: [[String]]

    /// The file for `environment`, or nil when there is none, it cannot be read, or its mode
    /// lets anyone but its owner read it.
    init?(environment: [String: String]) {
        let path = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.pgpass" }
        guard let path, let text = Self.readPrivate(path) else { return nil }
        lines = text.split(whereSeparator: \.isNewline).compactMap { line in
            line.hasPrefix("#") ? nil : Self.fields(String(line))
        }
    }

    /// The password of the first line matching all four values.
    func password(host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host, String(port), database, user]
        for fields in lines where fields.count == 5 {
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A line's fields, unescaped.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = [""]
        var escaped = false
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 5 {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }

    /// The file's text when only its owner may read it (mode 0600 or stricter).
    private static func readPrivate(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 == 0 else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }
}
