/// What `?` lists above the footer: every key of the view and what it does, a key to a line,
/// its description wrapped (never cut) when the terminal is narrow.
enum KeysHelp {
    struct Entry: Equatable, Sendable {
        var key: String
        var does: String
    }

    static let entries: [Entry] = [
        Entry(key: "n", does: "note at this moment: type it, Enter saves, Esc cancels"),
        Entry(key: "v", does: "voice note at this moment: Enter or 2 s of silence saves, Esc drops it"),
        Entry(key: "space", does: "pause, or play when paused"),
        Entry(key: "←", does: "back \(WatchSession.backMs / 1000) s"),
        Entry(key: "→", does: "forward \(WatchSession.forwardMs / 1000) s"),
        Entry(key: "q", does: "quit (Ctrl-C too)"),
        Entry(key: "? or h", does: "these keys; ? or Esc hides them"),
    ]

    /// The keys in a column of their own, `width` cells wide in all: a description that does
    /// not fit goes on under itself. Too narrow for two columns, each key leads its description.
    static func lines(width: Int) -> [ScreenLine] {
        let indent = "  "
        let column = (entries.map { Cells.width($0.key) }.max() ?? 0) + 2
        let room = width - Cells.width(indent) - column
        guard room >= 16 else {
            return entries.flatMap { Cells.wrap($0.key + "  " + $0.does, width: width) }.map { ScreenLine(text: $0) }
        }
        return entries.flatMap { entry in
            Cells.wrap(entry.does, width: room).enumerated().map { index, part in
                let key = index == 0 ? entry.key : ""
                return ScreenLine(text: indent + Cells.pad(key, width: column) + part)
            }
        }
    }
}
