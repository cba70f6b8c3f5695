import NoteStore

/// Text as the watch screen shows it: what comes from Spotify or notes never steers the
/// terminal, positions read as `12:34`, levels and progress as bars.
enum ScreenText {
    /// Replaces control characters (ESC, CR, BEL, …, general category Cc) so text cannot move
    /// the cursor or set the title.
    static func sanitize(_ text: String) -> String {
        // Most text has none: one pass over the bytes answers that.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
              text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A `width`-cell bar filled to `fraction`.
    static func bar(fraction: Double, width: Int = 20) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        return String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled)
    }

    /// `12:34`, or `1:02:03` from an hour on.
    static func clock(_ milliseconds: Int) -> String { Note.formatPosition(milliseconds: milliseconds) }
}
