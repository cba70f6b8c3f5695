import Foundation

/// Strings and lists for YAML front matter, written so that any YAML 1.1 or 1.2 reader
/// (Obsidian's, PyYAML) gives back exactly the string.
///
/// Every string is double-quoted: a plain scalar would need a rule for each of `:`, `#`,
/// a leading `-`, `?`, `&`, `*`, `!`, `%`, `@`, quotes, `yes`/`no`, numbers and more, and one
/// missed case turns a show's name into a boolean or a parse error. Inside the quotes only
/// `"` and `\` and the characters YAML treats as line breaks or controls are escaped.
enum YAMLText {
    /// `"text"`, escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                out += "\\" + String(scalar)
            } else if needsEscape(scalar) {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// C0 and C1 controls and DEL, which YAML does not allow raw; NEL, LS and PS, which YAML
    /// 1.1 readers take for line breaks; and the byte order mark, which some readers drop.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    /// `key: "value"` and a newline.
    static func entry(_ key: String, _ value: String) -> String {
        "\(key): \(quoted(value))\n"
    }

    /// `key:` then one `  - "item"` line per item, or `key: []` for none.
    static func list(_ key: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "\(key): []\n" }
        return "\(key):\n" + items.map { "  - \(quoted($0))\n" }.joined()
    }
}
