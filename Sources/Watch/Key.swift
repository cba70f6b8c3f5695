/// A key press, or a paste, as `watch` understands it.
enum Key: Equatable, Sendable {
    /// Text typed one character at a time.
    case character(Character)
    /// Text pasted in one go (bracketed paste); line breaks are already spaces.
    case paste(String)
    case enter, escape, backspace
    /// Ctrl-U: clear the line; Ctrl-W: delete the word before the cursor.
    case clearLine, deleteWord
    /// Ctrl-C, which quits (the terminal is in raw mode, so it arrives as a byte, not SIGINT).
    case interrupt
    case left, right, up, down
    /// Anything else (function keys, unknown sequences): ignored.
    case other
}
