import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Terminal helpers: text from Spotify or notes must never steer the terminal.
public enum Terminal {
    /// Replaces control characters (ESC, CR, BEL, …) so text cannot move the cursor or set the title.
    public static func sanitize(_ text: String) -> String {
        // Most text has none: one pass over the bytes answers that.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
              text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    /// General category Cc, which Unicode fixes as U+0000–U+001F and U+007F–U+009F.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Columns of the terminal on stdout; `COLUMNS`, then 80, when the terminal does not say.
    public static func width() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Cuts `text` to `width` characters so a redrawn line never wraps.
    public static func fit(_ text: String, width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
    }

    /// A `width`-cell progress bar.
    public static func bar(fraction: Double, width: Int = 20) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        return String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled)
    }
}
