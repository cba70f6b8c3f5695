import NoteStore
/// Turning names and note text into Markdown that keeps the export's structure.
///
/// Only what would break the structure is changed: a line break in a name (a heading is one
/// line), a trailing `#` in a name (it would read as a closing sequence), a first line of an
/// unpinned note that would start a block of its own, and NUL, which Markdown readers replace
/// anyway and which makes tools like `grep` treat the file as binary.
extension MarkdownExport {
    /// `- [12:34](link) text` for a pinned note, `- text` for an unpinned one, each followed by
    /// `suffix` (the tags and day, see ``suffix(tags:createdAt:)``); following lines of the
    /// text are indented by two spaces (a blank one becomes two spaces), so that the list item
    /// continues, and the suffix ends the last of them.
    static func bullet(text: String, position: String?, link: String?, suffix: String) -> String {
        var lines = lines(of: text)
        let first = lines.isEmpty ? "" : lines.removeFirst()
        var bullet = "-"
        if let position, let link {
            bullet += " [\(position)](\(link))"
            if !first.isEmpty { bullet += " " + first }
        } else if !first.isEmpty {
            bullet += " " + escapedLineStart(first)
        }
        guard let last = lines.popLast() else { return bullet + suffix + "\n" }
        bullet += "\n"
        for line in lines {
            bullet += "  " + line + "\n"
        }
        // After a blank last line the suffix's leading space would make it three.
        return bullet + "  " + last + (last.isEmpty ? String(suffix.dropFirst()) : suffix) + "\n"
    }

    /// A name as the text of a link: one line, no NUL, `\`, `[` and `]` escaped so that the
    /// link stays one link.
    static func linkText(_ name: String) -> String {
        var text = ""
        for character in lines(of: name).joined(separator: " ") {
            if character == "\\" || character == "[" || character == "]" { text.append("\\") }
            text.append(character)
        }
        return text
    }

    /// A name as heading text: one line, no NUL, a trailing `#` escaped.
    static func headingText(_ name: String) -> String {
        var text = lines(of: name).joined(separator: " ")
        if text.hasSuffix("#") {
            text.removeLast()
            text += "\\#"
        }
        return text
    }

    /// The lines of `text`, split at LF, CRLF and CR, with NUL replaced by U+FFFD.
    static func lines(of text: String) -> [String] {
        // Most texts hold none of the three, which are single bytes in UTF-8: one pass over
        // the bytes then spares building the text again a scalar at a time.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else { return [text] }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if afterCR, scalar == "\n" {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            switch scalar {
            case "\n", "\r":
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case "\0":
                current.append("\u{FFFD}")
            default:
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// Escapes the start of a line that would otherwise begin a heading, quote, list, code
    /// fence, HTML block or task box inside the list item.
    static func escapedLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if "#>-+*_`~<[|=".contains(first) {
            return "\\" + line
        }
        // An ordered-list marker: digits, then `.` or `)`.
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9, let marker = line.dropFirst(digits.count).first, marker == "." || marker == ")" {
            return digits + "\\" + line.dropFirst(digits.count)
        }
        return line
    }
}
