import Foundation
@testable import NoteStore
import NoteFixtures
@testable import NoteTransfer
import TestSupport

/// Notes and stores for the export and import tests.
enum ExportFixtures {
    /// Text that has broken exporters before: quoting, separators, line breaks, scripts,
    /// size, NUL, Markdown syntax, escapes and JavaScript's line separator.
    static let hostileTexts: [String] = [
        #"she said "hi", then "bye""#,
        "commas, everywhere, ,,,",
        "line one\nline two\r\nline three\rline four",
        "\ttabs\tinside\t",
        "emoji 🎧🧠👩🏽‍💻 and flags 🇫🇷",
        "עברית מימין לשמאל and العربية too",
        String(repeating: "ten kilobytes of thought. ", count: 410),
        "before NUL\u{0}after NUL\u{0}",
        "# not a heading\n- not a list\n#tag\n\n> not a quote",
        #"back\slashes \\ and \n and \u0041 literally"#,
        "before\u{2028}after\u{2029}end",
        "  leading and trailing spaces  ",
        "controls \u{1}\u{8}\u{c}\u{1f}\u{7f} and / slash",
    ]

    /// A UUID made from a number, so tests can name notes and know their order by id.
    static func id(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// A pin to a track.
    static func trackPin(at progressMs: Int = 42_000, name: String? = "Song, \"live\"") -> Pin {
        Pin(
            itemType: "track", itemID: "4uLU6hMCjMI75M1A2tKUQC", itemURI: "spotify:track:4uLU6hMCjMI75M1A2tKUQC",
            itemName: name, progressMs: progressMs, durationMs: 200_000)
    }

    /// One note per hostile text, alternately pinned to an episode, unpinned and pinned to a
    /// track, with tags; the first two share their `created_at`.
    static func hostileNotes() -> [Note] {
        hostileTexts.enumerated().map { index, text in
            let pin: Pin? = switch index % 3 {
            case 0: episodePin(at: 1000 * index)
            case 1: nil
            default: trackPin(at: 500 * index)
            }
            var made = Note(
                id: id(index + 1), text: text, tags: index % 2 == 0 ? ["hostile", "t\(index)", "über-Ärger"] : [],
                createdAt: moment(index == 0 ? 0 : Double(index) - 1), pin: pin)
            made.updatedAt = moment(Double(index) * 10 + 0.5)
            return made
        }
    }

    /// A store in a fresh temporary directory.
    static func emptyStore() throws -> NoteDatabase {
        try NoteDatabase(path: temporaryDirectory() + "/notes.sqlite")
    }

    /// A store holding ``hostileNotes()``.
    static func hostileStore() throws -> NoteDatabase {
        let store = try emptyStore()
        for each in hostileNotes() { try store.insert(each) }
        return store
    }
}

extension NoteDatabase {
    /// The whole export as bytes.
    func exported(_ format: ExportFormat, _ filter: NoteFilter = NoteFilter()) throws -> Data {
        var data = Data()
        try export(filter, format: format) { data.append($0) }
        return data
    }

    /// The whole export as text.
    func exportedText(_ format: ExportFormat, _ filter: NoteFilter = NoteFilter()) throws -> String {
        String(decoding: try exported(format, filter), as: UTF8.self)
    }
}
