/// File names for the Obsidian export: `Show - Episode.md`, safe on every file system a vault
/// is synced to and for Obsidian's links.
///
/// `/ \ : * ? " < > |` (refused by Windows or POSIX), `# ^ [ ]` (they break `[[links]]`) and
/// control characters each become `_`; leading dots and spaces (a dot hides the file), and trailing dots and
/// spaces (dropped by Windows), are removed. Anything else, non-ASCII included, is kept. The
/// name is cut to ``maxBaseBytes`` of UTF-8 at a character boundary, leaving room for
/// ``VaultDirectory``'s ` (id)` and `.md`.
enum VaultFileName {
    /// The longest base name in UTF-8 bytes (file systems allow 255 for the whole name).
    static let maxBaseBytes = 200

    /// `Show - Episode`, made safe; `Episode` alone when there is no show.
    static func base(show: String?, title: String) -> String {
        safe(show.map { "\($0) - \(title)" } ?? title)
    }

    /// `name` made safe (see the type's notes); `Untitled` when nothing is left.
    static func safe(_ name: String) -> String {
        var text = ""
        for character in name {
            let replaced = character.unicodeScalars.contains { scalar in
                scalar.properties.generalCategory == .control || "/\\:*?\"<>|#^[]".unicodeScalars.contains(scalar)
            }
            text.append(replaced ? "_" : character)
        }
        text = trimmed(String(text.drop { $0 == "." || $0.isWhitespace }))
        if text.utf8.count > maxBaseBytes {
            var cut = ""
            for character in text {
                guard cut.utf8.count + character.utf8.count <= maxBaseBytes else { break }
                cut.append(character)
            }
            text = trimmed(cut)
        }
        return text.isEmpty ? "Untitled" : text
    }

    /// `text` without trailing dots and white space.
    private static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == "." || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
