import Foundation
import NoteStore

/// Notes as people read them: a table, grouped by episode when there are several.
enum NoteView {
    /// `12:34  text  0b9e6c1e` rows under `Show · Episode` headings.
    static func table(_ notes: [Note], width: Int?) -> String {
        var groups: [(key: String, title: String, notes: [Note])] = []
        for note in notes {
            let key = note.pin?.itemID ?? ""
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].notes.append(note)
            } else {
                groups.append((key, heading(note.pin), [note]))
            }
        }
        var lines: [String] = []
        for group in groups {
            if !lines.isEmpty { lines.append("") }
            lines.append(group.title)
            for note in group.notes { lines.append(row(note, width: width)) }
        }
        return lines.joined(separator: "\n")
    }

    static func heading(_ pin: Pin?) -> String {
        guard let pin else { return "Unpinned" }
        let context = pin.showName ?? (pin.itemType == "track" ? "Track" : nil)
        let name = pin.itemName ?? pin.itemURI
        return [context, name].compactMap { $0 }.map(Terminal.sanitize).joined(separator: " · ")
    }

    static func row(_ note: Note, width: Int?) -> String {
        let position = (note.position ?? "--").leftPadded(to: 8)
        let short = String(note.id.prefix(8))
        var text = firstLine(note.text)
        if let width {
            let room = max(width - 8 - 2 - 2 - short.count, 10)
            text = Terminal.fit(text, width: room)
            text += String(repeating: " ", count: max(room - text.count, 0))
        }
        let tags = note.tags.isEmpty || width != nil ? "" : "  " + note.tags.map { "#\($0)" }.joined(separator: " ")
        return "\(position)  \(text)  \(short)\(tags)"
    }

    /// The first line of `text`, with a marker when there is more, safe for a terminal.
    static func firstLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let first = Terminal.sanitize(String(lines.first ?? ""))
        return lines.count > 1 ? first + " …" : first
    }

    /// One note in full, for `margin show`.
    static func detail(_ note: Note) -> String {
        var lines = ["id       \(note.id)"]
        if let pin = note.pin {
            lines.append("episode  \(heading(pin))")
            lines.append("at       \(note.position ?? "") (\(pin.itemURI))")
            if let link = note.link { lines.append("link     \(link)") }
        } else {
            lines.append("pinned   no (margin pin \(note.id.prefix(8)) --episode EPISODE --at TIME)")
        }
        if !note.tags.isEmpty { lines.append("tags     \(note.tags.joined(separator: " "))") }
        lines.append("created  \(Timestamp.string(note.createdAt))")
        if note.updatedAt != note.createdAt { lines.append("updated  \(Timestamp.string(note.updatedAt))") }
        lines.append("")
        lines.append(note.text.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.sanitize(String($0)) }.joined(separator: "\n"))
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
