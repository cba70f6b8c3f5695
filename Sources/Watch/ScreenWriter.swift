/// Writes frames to the terminal, only the rows that changed since the last one, so a tick
/// that moves the clock rewrites one row, not the screen.
struct ScreenWriter {
    var colour = true
    private(set) var width = 80
    private(set) var height = 24
    private var shown: [ScreenLine] = []
    private var cursor: (row: Int, column: Int)?
    private var terminal = RawTerminal()

    /// A new size: the next frame is drawn whole, on a cleared screen.
    mutating func resize(_ size: (width: Int, height: Int)) {
        (width, height) = size
        shown = []
        terminal.write("\u{1B}[2J")
    }

    mutating func draw(_ frame: Frame) {
        var out = ""
        for (row, line) in frame.lines.enumerated() where row >= shown.count || shown[row] != line {
            out += "\u{1B}[\(row + 1);1H" + Self.styled(line, colour: colour) + "\u{1B}[K"
        }
        let cursorMoved = frame.cursor?.row != cursor?.row || frame.cursor?.column != cursor?.column
        guard !out.isEmpty || cursorMoved else { return }
        if let place = frame.cursor {
            out += "\u{1B}[\(place.row + 1);\(place.column + 1)H\u{1B}[?25h"
        } else {
            out += "\u{1B}[?25l"
        }
        shown = frame.lines
        cursor = frame.cursor
        terminal.write(out)
    }

    /// The row with its style; plain when colour is off, where the `▸` mark still shows the nearest note.
    static func styled(_ line: ScreenLine, colour: Bool) -> String {
        guard colour, !line.text.isEmpty else { return line.text }
        switch line.style {
        case .plain: return line.text
        case .bold: return "\u{1B}[1m\(line.text)\u{1B}[0m"
        case .dim: return "\u{1B}[2m\(line.text)\u{1B}[0m"
        case .highlight: return "\u{1B}[7m\(line.text)\u{1B}[0m"
        }
    }
}
