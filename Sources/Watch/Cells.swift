import MarginViews

/// Terminal cells taken by text: most characters take one, East Asian wide characters and
/// emoji two, combining marks none. Fitting by cells, not characters, keeps a line that holds
/// "日本語" or "🎧" from wrapping and scrolling the screen.
enum Cells {
    static func width(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return width(first)
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
        if value == 0x200B || value == 0x200D { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
        ]
        return wide.contains(where: { $0.contains(value) }) ? 2 : 1
    }

    static func width(_ text: String) -> Int { text.reduce(0) { $0 + width($1) } }

    /// `text` cut to `width` cells, ending in `…` when something was cut.
    static func fit(_ text: String, width: Int) -> String {
        guard Self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = "", used = 0
        for character in text {
            let cells = Self.width(character)
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        return out + "…"
    }

    /// The end of `text` within `width` cells, starting with `…` when the start was cut.
    static func tail(_ text: String, width: Int) -> String {
        guard Self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var out: [Character] = [], used = 0
        for character in text.reversed() {
            let cells = Self.width(character)
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        return "…" + String(out.reversed())
    }

    /// `text` in lines of at most `width` cells, broken at spaces; a word longer than a whole
    /// line is broken where the line ends. Nothing is cut: every character is on some line.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = [], line = "", used = 0
        for piece in text.split(separator: " ") {
            var word = String(piece), cells = Self.width(word)
            if !line.isEmpty, used + 1 + cells <= width {
                line += " " + word
                used += 1 + cells
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while cells > width {
                let (head, rest) = split(word, within: width)
                lines.append(head)
                (word, cells) = (rest, Self.width(rest))
            }
            (line, used) = (word, cells)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The start of `word` within `width` cells (one character at least), and the rest.
    private static func split(_ word: String, within width: Int) -> (String, String) {
        var head = "", used = 0
        var rest = Substring(word)
        while let character = rest.first, head.isEmpty || used + Self.width(character) <= width {
            head.append(character)
            used += Self.width(character)
            rest = rest.dropFirst()
        }
        return (head, String(rest))
    }

    /// `text` padded with spaces to `width` cells (cut first when longer).
    static func pad(_ text: String, width: Int) -> String {
        let fitted = fit(text, width: width)
        return fitted + String(repeating: " ", count: max(width - Self.width(fitted), 0))
    }
}
