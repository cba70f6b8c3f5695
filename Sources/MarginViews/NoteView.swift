import Foundation
import NoteStore

/// Notes as people read them: a table, grouped by episode when there are several.
public enum NoteView {
    /// `12:34  text  #tag  2026-11-21  0b9e6c1e` rows under `Show · Episode` headings.
    ///
    /// `notes` come newest first, or in playback order for one episode. Groups keep that
    /// order (the group of the newest note first); inside an episode's group rows go in
    /// playback order, so they read as the episode plays. Unpinned notes keep their order.
    public static func table(_ notes: [Note], width: Int?, palette: Palette = .plain) -> String {
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
            for note in group.key.isEmpty ? group.notes : playbackOrder(group.notes) {
                lines.append(row(note, width: width, palette: palette))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One item's notes by position, the earlier note first at the same position.
    public static func playbackOrder(_ notes: [Note]) -> [Note] {
        notes.sorted { a, b in
            let (first, second) = (a.pin?.progressMs ?? 0, b.pin?.progressMs ?? 0)
            return first != second ? first < second : (a.createdAt, a.id) < (b.createdAt, b.id)
        }
    }

    public static func heading(_ pin: Pin?) -> String {
        guard let pin else { return "Unpinned" }
        let context = pin.showName ?? (pin.itemType == "track" ? "Track" : nil)
        let name = pin.itemName ?? pin.itemURI
        return [context, name].compactMap { $0 }.map(Terminal.sanitize).joined(separator: " · ")
    }

    /// The columns around a row's text: position, the day it was taken, the short id.
    private static let fixedColumns = 8 + 2 + 2 + 10 + 2 + 8

    /// Columns a row's text keeps on a narrow terminal before its tags are cut too.
    private static let minimumText = 10

    /// One note's row. On a terminal (`width` given) the text is cut and padded so that the
    /// row fits and the day and id line up; the tags after the text are cut only when even
    /// the shortest text leaves them no room.
    /// A `palette` paints the columns after they are measured, so colour never changes a width.
    public static func row(_ note: Note, width: Int?, palette: Palette = .plain) -> String {
        let position = (note.position ?? "--").leftPadded(to: 8)
        let short = String(note.id.prefix(8))
        let text = note.text.isEmpty ? placeholder(note) : firstLine(note.text)
        var tags = note.tags.isEmpty ? "" : "  " + note.tags.map { "#" + Terminal.sanitize($0) }.joined(separator: " ")
        var shown = text, padding = ""
        if let width {
            let room = max(width - fixedColumns, minimumText)
            let textRoom = max(room - tags.count, min(room, minimumText))
            let tagRoom = room - min(text.count, textRoom)
            if tags.count > tagRoom { tags = tagRoom > 3 ? Terminal.fit(tags, width: tagRoom) : "" }
            shown = Terminal.fit(text, width: textRoom)
            padding = String(repeating: " ", count: max(room - shown.count - tags.count, 0))
        }
        guard palette.enabled else { return "\(position)  \(shown)\(tags)\(padding)  \(day(note.createdAt))  \(short)" }
        return "\(palette.time(position))  \(shown)\(palette.tag(tags))\(padding)  \(palette.time(day(note.createdAt)))  \(palette.id(short))"
    }

    /// The day a note was taken, in the local time zone: `2026-11-21`.
    public static func day(_ date: Date, in zone: TimeZone = localZone) -> String {
        // Calendar takes microseconds a day, and a long listing formats thousands of them.
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: date))
        let (year, month, day) = NoteTimestamp.civilDate(secondsSince1970: seconds)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The local time zone, read once.
    public static let localZone = TimeZone.current

    /// What a note without text shows in its text's place: its recording's state, or, for a
    /// note stored when its editor opened whose text never came (margin was killed meanwhile),
    /// how to finish it.
    public static func placeholder(_ note: Note) -> String {
        voicePlaceholder(note) ?? "[no text yet: 'margin edit \(note.id.prefix(8))' opens its draft]"
    }

    /// What a voice note without text shows in its text's place: `[voice 0:07, not
    /// transcribed yet]`, or `[voice 0:07, transcription failed: REASON]`; nil for a note with
    /// no recording.
    public static func voicePlaceholder(_ note: Note) -> String? {
        guard let voice = note.voice else { return nil }
        let length = voice.durationMs.map { " " + Note.formatPosition(milliseconds: $0) } ?? ""
        let state = switch voice.state {
        case .pending: "not transcribed yet"
        case .done: "no words"
        case .failed: "transcription failed" + (voice.error.map { ": " + Terminal.sanitize($0) } ?? "")
        }
        return "[voice\(length), \(state)]"
    }

    /// The first line of `text`, with a marker when there is more, safe for a terminal.
    public static func firstLine(_ text: String) -> String {
        // The first LF that is a character of its own (CR LF is one character, which
        // `sanitize` replaces), found in the bytes rather than by grapheme.
        let bytes = text.utf8
        var previous: UInt8 = 0
        guard let end = bytes.firstIndex(where: { byte in
            defer { previous = byte }
            return byte == 0x0A && previous != 0x0D
        }) else { return Terminal.sanitize(text) }
        return Terminal.sanitize(String(text[..<end])) + " …"
    }

    /// One note in full, for `margin show`.
    public static func detail(_ note: Note, recording: String? = nil) -> String {
        var lines = ["id       \(note.id)"]
        if let pin = note.pin {
            lines.append("episode  \(heading(pin))")
            lines.append("at       \(note.position ?? "") (\(pin.itemURI))")
            if let link = note.link { lines.append("link     \(link)") }
        } else {
            lines.append("pinned   no (margin pin \(note.id.prefix(8)) --episode EPISODE --at TIME)")
        }
        if !note.tags.isEmpty { lines.append("tags     \(note.tags.joined(separator: " "))") }
        if let recording { lines.append("audio    \(Terminal.sanitize(recording)) (margin listen \(note.id.prefix(8)))") }
        if let voice = note.voice, voice.state != .done {
            let why = voice.error.map { " (\(Terminal.sanitize($0)))" } ?? ""
            lines.append("voice    \(voice.state.rawValue)\(why): 'margin transcribe \(note.id.prefix(8))' transcribes it")
        }
        lines.append("created  \(Timestamp.string(note.createdAt))")
        if note.updatedAt != note.createdAt { lines.append("updated  \(Timestamp.string(note.updatedAt))") }
        lines.append("")
        let text = note.text.isEmpty ? placeholder(note) : note.text
        lines.append(text.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.sanitize(String($0)) }.joined(separator: "\n"))
        return lines.joined(separator: "\n")
    }
}

extension String {
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
