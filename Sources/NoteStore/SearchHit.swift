/// One full-text search result.
public struct SearchHit: Sendable, Equatable {
    /// The matching note.
    public var note: Note
    /// An excerpt of the note's text with each match between `[` and `]`, and `…` where the
    /// text was cut.
    public var snippet: String

    /// Creates a search hit.
    public init(note: Note, snippet: String) {
        self.note = note
        self.snippet = snippet
    }
}
