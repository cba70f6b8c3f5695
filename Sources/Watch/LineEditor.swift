import MarginViews

/// The one-line editor of a note being written in `watch`: typing and pasting append at the
/// end, Backspace removes a character, Ctrl-W a word, Ctrl-U everything.
///
/// Editing works on `Character`s (grapheme clusters), so Backspace removes an "é" or an emoji
/// whole, never half of its UTF-8 bytes.
struct LineEditor: Equatable, Sendable {
    private(set) var text = ""

    init(_ text: String = "") { self.text = text }

    /// Applies `key`; returns false for keys that are not editing (Enter, Esc, arrows, …).
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            text.append(character)
        case .paste(let pasted):
            text += pasted
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .clearLine:
            text = ""
        case .deleteWord:
            // Like a shell: spaces before the cursor first, then the word before them.
            while text.last?.isWhitespace == true { text.removeLast() }
            while let last = text.last, !last.isWhitespace { text.removeLast() }
        default:
            return false
        }
        return true
    }

    /// The end of the text that fits in `width` cells with the cursor after it, `…` first when
    /// the start had to go: the end is where the user is typing.
    func visible(width: Int) -> String {
        Cells.tail(Terminal.sanitize(text), width: max(width - 1, 0))
    }
}
