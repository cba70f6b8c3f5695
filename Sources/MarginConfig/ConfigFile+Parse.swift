import Foundation

extension ConfigFile {
    /// Parses `key = "basic string"` or `key = 'literal string'`, with an optional trailing comment.
    static func parse(_ line: String) -> (String, String)? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { return nil }
        var rest = Substring(line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        var value = ""
        var closed = false
        var iterator = rest.unicodeScalars.makeIterator()
        var consumed = 0
        while let scalar = iterator.next() {
            consumed += 1
            if scalar == quote.unicodeScalars.first { closed = true; break }
            if scalar == "\\" && quote == "\"" {
                guard let escaped = iterator.next() else { return nil }
                consumed += 1
                switch escaped {
                case "\"": value += "\""
                case "\\": value += "\\"
                case "n": value += "\n"
                case "t": value += "\t"
                case "r": value += "\r"
                case "u", "U":
                    let width = escaped == "u" ? 4 : 8
                    var hex = ""
                    for _ in 0..<width { guard let h = iterator.next() else { return nil }; hex.unicodeScalars.append(h) }
                    consumed += width
                    guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                    value.unicodeScalars.append(decoded)
                default: return nil
                }
            } else {
                value.unicodeScalars.append(scalar)
            }
        }
        guard closed else { return nil }
        let tail = String(String.UnicodeScalarView(rest.unicodeScalars.dropFirst(consumed))).trimmingCharacters(in: .whitespaces)
        guard tail.isEmpty || tail.hasPrefix("#") else { return nil }
        return (key, value)
    }
}
