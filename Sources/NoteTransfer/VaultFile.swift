/// How a page's new text is merged into the file already there, so that a re-export updates
/// margin's part and keeps the user's, byte for byte.
///
/// margin's part is its front matter keys (``VaultPage/ownedKeys``) and the block between
/// `<!-- margin:begin … -->` and `<!-- margin:end -->`. Everything else stays: text above and
/// below the block, and front matter entries under other keys (with comments), which follow
/// margin's keys in the order they had. When the block's markers are gone (or only one is
/// left), a fresh block is added at the end and the rest of the file is left as it is: a
/// stray marker stays as text. A file without front matter gets margin's on top.
enum VaultFile {
    /// The file's new text: `existing` (nil for a new file) with margin's part replaced.
    static func merged(_ page: VaultPage, into existing: String?) -> String {
        let (userEntries, body) = existing.map(split) ?? ([], "")
        let front = "---\n" + page.frontMatter.joined() + userEntries.joined() + "---\n"
        guard let existing, !existing.isEmpty else { return front + "\n" + page.block }
        var lines = lines(of: body)
        if let block = blockRange(in: lines) {
            lines.replaceSubrange(block, with: [page.block])
            return front + lines.joined()
        }
        let separator = body.isEmpty || body.hasSuffix("\n\n") ? "" : body.hasSuffix("\n") ? "\n" : "\n\n"
        return front + body + separator + page.block
    }

    /// The front matter's entries that are not margin's, and the text after the front matter.
    /// A file that does not start with `---` on a line of its own, closed by another, has no
    /// front matter: all of it is body.
    static func split(_ text: String) -> (entries: [String], body: String) {
        let lines = lines(of: text)
        guard let first = lines.first, content(first) == "---",
              let close = lines.indices.dropFirst().first(where: { content(lines[$0]) == "---" || content(lines[$0]) == "..." })
        else { return ([], text) }
        var entries: [String] = []
        var owned = false
        for line in lines[1..<close] {
            let startsEntry = !line.hasPrefix(" ") && !line.hasPrefix("\t") && !line.hasPrefix("-") && !content(line).isEmpty
            if startsEntry {
                owned = key(of: line).map(VaultPage.ownedKeys.contains) ?? false
                if !owned { entries.append(line) }
            } else if !owned {
                // A value's further lines, a blank line, or lines before any key.
                if entries.isEmpty { entries.append(line) } else { entries[entries.count - 1] += line }
            }
        }
        return (entries, lines[(close + 1)...].joined())
    }

    /// The key a front matter line starts, unquoted; nil for a comment or a line without `:`.
    static func key(of line: String) -> String? {
        guard !line.hasPrefix("#") else { return nil }
        if let quote = line.first, quote == "\"" || quote == "'" {
            let rest = line.dropFirst()
            return rest.firstIndex(of: quote).map { String(rest[..<$0]) }
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return line[..<colon].trimmingSpaces()
    }

    /// The lines of margin's block: the first begin marker followed by an end marker with no
    /// other begin marker between them.
    static func blockRange(in lines: [String]) -> ClosedRange<Int>? {
        var begin: Int?
        for (index, line) in lines.enumerated() {
            let text = content(line).trimmingSpaces()
            if text.hasPrefix(VaultPage.beginMarker), text.hasSuffix("-->") {
                begin = index
            } else if text == VaultPage.endMarker, let begin {
                return begin...index
            }
        }
        return nil
    }

    /// The lines of `text`, each with its line break (LF or CRLF; the last may have none).
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            // "\r\n" is one Character in Swift.
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A line without its line break.
    private static func content(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == "\n" || last == "\r\n" || last == "\r" { line = line.dropLast() }
        return String(line)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmingSpaces() -> String {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
