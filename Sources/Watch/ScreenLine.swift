/// One row of the interactive `watch`, as plain text already fitted to the width, with the
/// style the terminal writer may add (none when colour is off, see `Palette`).
struct ScreenLine: Equatable, Sendable {
    enum Style: Sendable { case plain, bold, dim, highlight }
    var text: String
    var style: Style = .plain
}

/// A whole screen: its rows from the top, and where the cursor belongs (row, column; both
/// from 0), or nil to hide it.
struct Frame: Equatable, Sendable {
    var lines: [ScreenLine]
    var cursor: (row: Int, column: Int)?

    static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.lines == rhs.lines && lhs.cursor?.row == rhs.cursor?.row && lhs.cursor?.column == rhs.cursor?.column
    }
}
