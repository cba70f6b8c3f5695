import Foundation
import NoteStore
import SpotifyClient

/// The text of a note being taken, from the arguments, stdin, or the editor.
struct NoteDraft {
    var text: String?
    var tags: [String]
    let environment: [String: String]
    /// Set when the editor path already read the player (before the user started typing).
    var pin: Pin?
    var reason: String?
    var readPlayer = false

    init(words: [String], tags: [String], environment: [String: String]) throws {
        self.tags = tags
        self.environment = environment
        if !words.isEmpty {
            text = words.joined(separator: " ")
        } else if !Console.stdinIsTerminal {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let decoded = String(data: data, encoding: .utf8) else { throw NoteInputError.notUTF8 }
            text = decoded.hasSuffix("\n") ? String(decoded.dropLast()) : decoded
        }
    }

    /// Pins first (the moment the thought came), pauses while the editor is open, resumes after.
    mutating func fromEditor(api: SpotifyAPI?) async throws -> String {
        var paused = false
        if let api {
            let (snapshot, pin, reason) = await Capture.readPlayer(api)
            (self.pin, self.reason, readPlayer) = (pin, reason, true)
            if snapshot?.isPlaying == true, (try? await api.pause()) != nil { paused = true }
        } else {
            readPlayer = true
        }
        let written: String
        do {
            written = try Editor.edit("", environment: environment)
        } catch {
            if paused { try? await api?.resume() }
            throw error
        }
        if paused { try? await api?.resume() }
        return written.trimmingCharacters(in: .newlines)
    }
}

enum NoteInputError: Error, LocalizedError {
    case notUTF8
    var errorDescription: String? { "the note on stdin is not UTF-8 text; nothing was saved" }
}

/// Tag rules: trimmed, 1–64 characters, no spaces, commas or semicolons (CSV joins tags with ';').
enum Tags {
    static func normalize(_ tags: [String]) throws -> [String] {
        var result: [String] = []
        for raw in tags {
            let tag = raw.trimmingCharacters(in: .whitespaces)
            guard (1...64).contains(tag.count), !tag.contains(where: { $0.isWhitespace || $0 == "," || $0 == ";" || $0.isNewline }),
                  tag.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control })
            else { throw TagError.invalid(raw) }
            if !result.contains(tag) { result.append(tag) }
        }
        return result.sorted()
    }
}

enum TagError: Error, LocalizedError {
    case invalid(String)
    var errorDescription: String? { "'\(invalidTag)' is not a tag; use 1 to 64 characters without spaces, commas or semicolons, e.g. --tag caching" }
    private var invalidTag: String { if case .invalid(let t) = self { t } else { "" } }
}
