import NoteStore
/// The formats `margin export` writes; see ``NoteDatabase/export(_:format:to:)``.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A JSON array of note objects, one object per line.
    case json
    /// JSON Lines: one note object per line.
    case jsonl
    /// RFC 4180 CSV with a header row of the note object's keys.
    case csv
    /// Markdown grouped by show and episode, for Obsidian and the like.
    case markdown
}
