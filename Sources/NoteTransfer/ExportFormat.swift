import NoteStore
/// The formats `margin export` writes; see ``NoteDatabase/export(_:format:to:)`` and, for
/// `obsidian`, ``NoteDatabase/exportVault(_:to:write:)``.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A JSON array of note objects, one object per line.
    case json
    /// JSON Lines: one note object per line.
    case jsonl
    /// RFC 4180 CSV with a header row of the note object's keys.
    case csv
    /// Markdown grouped by show and episode, for Obsidian and the like.
    case markdown
    /// CSV in the layout of Readwise's CSV import; see ``ReadwiseEncoding``.
    case readwise
    /// A directory of Markdown files, one per episode, with YAML front matter; see ``VaultPage``.
    case obsidian

    /// True for the format written as a directory of files rather than one stream.
    public var writesDirectory: Bool { self == .obsidian }
}
