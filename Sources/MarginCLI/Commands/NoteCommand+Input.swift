import Foundation
import NoteCapture
import NoteStore
import MarginViews
import FileSafety

/// Where `margin note` gets its text: the arguments, stdin when it is not a terminal, else
/// the editor (which capture opens after pinning the moment).
enum NoteDraft {
    /// The capture body for `words`, reading stdin now when that is where the text is; the
    /// editor writes to `draft`.
    static func body(words: [String], environment: [String: String], draft: String) -> CaptureRequest.What {
        if !words.isEmpty { return .text(words.joined(separator: " ")) }
        guard Console.stdinIsTerminal else { return .text(standardInput()) }
        return Editor.body(environment: environment, draft: draft)
    }

    /// All of stdin without its final newline. Bytes that are not UTF-8 are kept as U+FFFD, as
    /// the same bytes given as arguments are, and stderr says so: a note is never refused for them.
    static func standardInput() -> String {
        // A stdin closed at start holds whatever the runtime opened in its slot: read nothing.
        guard !StandardStreams.closedAtStart.contains(STDIN_FILENO) else { return "" }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        if String(data: data, encoding: .utf8) == nil {
            Console.err("margin: the note on stdin is not valid UTF-8; each invalid byte is stored as U+FFFD (\u{FFFD})")
        }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

/// Tags as typed on the command line, checked by the store's one rule (``NoteTag``).
enum Tags {
    static func normalize(_ tags: [String]) throws(TagError) -> [String] {
        do { return try NoteTag.normalize(tags) } catch { throw .invalid(error.tag) }
    }
}

enum TagError: MarginError {
    case invalid(String)
    var errorDescription: String? { "'\(invalidTag)' is not a tag; use \(NoteTag.Invalid.rule), e.g. --tag caching" }
    private var invalidTag: String { if case .invalid(let t) = self { Terminal.sanitize(t) } else { "" } }
    var exitStatus: ExitStatus { .usage }
}
