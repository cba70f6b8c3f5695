import Foundation

/// A note: free text, optional tags, and optionally the moment of an episode it was taken at.
public struct Note: Sendable, Equatable {
    /// A lowercase UUID string; any unique prefix of it names the note on the command line.
    public var id: String
    /// The note's text, stored byte for byte (newlines, tabs and NUL included).
    public var text: String
    /// Sorted and unique; see ``normalizedTags(_:)``.
    public var tags: [String]
    /// When the note was taken, with millisecond precision.
    public var createdAt: Date
    /// When the note last changed, with millisecond precision.
    public var updatedAt: Date
    /// The moment the note points at; nil for an unpinned note.
    public var pin: Pin?
    /// A voice note's recording and transcription state on this machine; nil for a typed note.
    /// Not part of the note's content: equality and sync leave it out.
    public var voice: NoteVoice?
    /// Where in a voice note's recording each stretch of its transcript was said, in recording
    /// order; empty when the recognizer gave no times (PocketSphinx) or the note is typed.
    /// Part of the note's content: they travel with it (JSON, import, sync).
    public var segments: [NoteSegment]

    /// Creates a note.
    ///
    /// Dates are rounded to the millisecond and tags normalized here already, so that a note
    /// read back from the store equals the value that was inserted.
    public init(
        id: String = UUID().uuidString.lowercased(), text: String, tags: [String] = [],
        createdAt: Date = Date(), updatedAt: Date? = nil, pin: Pin? = nil, voice: NoteVoice? = nil,
        segments: [NoteSegment] = []
    ) {
        self.id = id
        self.text = text
        self.tags = Note.normalizedTags(tags)
        self.createdAt = NoteTimestamp.rounded(createdAt)
        self.updatedAt = NoteTimestamp.rounded(updatedAt ?? createdAt)
        self.pin = pin
        self.voice = voice
        self.segments = segments
    }

    /// Notes are equal when their content is: id, text, tags, times, pin and segments. ``voice`` is this
    /// machine's recording of it, which sync and imports never carry.
    public static func == (lhs: Note, rhs: Note) -> Bool {
        lhs.id == rhs.id && lhs.text == rhs.text && lhs.tags == rhs.tags && lhs.createdAt == rhs.createdAt
            && lhs.updatedAt == rhs.updatedAt && lhs.pin == rhs.pin && lhs.segments == rhs.segments
    }

    /// True when the note is pinned to an episode or track.
    public var pinned: Bool { pin != nil }

    /// Tags as the store keeps them: trimmed, without control characters, non-empty,
    /// unique and sorted.
    ///
    /// Control characters are removed because the store joins tags with U+001F in one column
    /// when it lists notes, and because a tab or newline in a tag would break CSV and Markdown
    /// exports anyway.
    public static func normalizedTags(_ tags: [String]) -> [String] {
        let cleaned = tags.map { tag in
            String(String.UnicodeScalarView(tag.unicodeScalars.filter { !$0.properties.isControlCharacter }))
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return Set(cleaned.filter { !$0.isEmpty }).sorted()
    }

    /// The note as the store keeps it: lowercase id, normalized tags, dates rounded to the
    /// millisecond (properties may have been set after `init`).
    func normalized() -> Note {
        var note = self
        note.id = id.lowercased()
        note.tags = Note.normalizedTags(tags)
        note.createdAt = NoteTimestamp.rounded(createdAt)
        note.updatedAt = NoteTimestamp.rounded(updatedAt)
        return note
    }
}

extension Unicode.Scalar.Properties {
    /// General category Cc (C0/C1 controls, NUL and U+001F among them).
    fileprivate var isControlCharacter: Bool { generalCategory == .control }
}
