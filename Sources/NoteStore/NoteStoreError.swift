import Foundation

/// Everything that can go wrong with the note store, in words a user can act on.
public enum NoteStoreError: Error, Equatable, LocalizedError {
    /// The file was migrated by a newer margin; it is left untouched.
    case newerSchema(path: String)
    /// The file is not a usable SQLite database (not a database, damaged, unreadable).
    case cannotOpen(path: String, reason: String)
    /// The store cannot be written: read-only file or directory, full disk, I/O error, or
    /// another process holding the lock past the busy timeout.
    case unwritable(path: String, reason: String)
    /// No note has that id, or no id starts with that prefix.
    case notFound(String)
    /// More than one note id starts with the prefix; `candidates` lists up to 10 of them.
    case ambiguous(prefix: String, candidates: [String])
    /// The search text could not be turned into a query.
    case invalidQuery(String)
    /// `insert` was given a note whose id is already taken (use `save` to insert or replace).
    case duplicate(id: String)

    public var errorDescription: String? {
        switch self {
        case .newerSchema(let path):
            return "'\(path)' was written by a newer margin; upgrade margin (the file is left untouched)"
        case .cannotOpen(let path, let reason):
            return "cannot open the note store '\(path)': \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write the note store '\(path)': \(reason)"
        case .notFound(let id):
            return "no note matches '\(id)'; run 'margin list' to see note ids"
        case .ambiguous(let prefix, let candidates):
            let shown = candidates.map { "'\($0)'" }.joined(separator: ", ")
            return "note id prefix '\(prefix)' matches several notes (\(shown)); type more of the id"
        case .invalidQuery(let query):
            return "cannot search for '\(query)'; use plain words, \"a phrase\" or a prefix*"
        case .duplicate(let id):
            return "a note with id '\(id)' already exists; use 'margin edit' to change it"
        }
    }
}
