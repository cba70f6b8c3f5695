import NoteStore

/// A saved note, and what the user should hear about it.
public struct CaptureOutcome: Sendable {
    /// The note as stored.
    public var note: Note
    /// Why the note is unpinned; nil when it is pinned.
    public var unpinnedReason: String?
    /// Things that went wrong without losing anything (a name that could not be fetched,
    /// playback that could not be paused), one clause each.
    public var warnings: [String]
    /// The store the note went into, still open.
    public var store: NoteDatabase
    /// The signal that ended the body early (the note holds what was written by then): the
    /// caller ends with status 128 + signal.
    public var signal: Int32?
}

/// Why nothing was saved. Every case that had text carries it, so the caller can echo it.
public enum CaptureFailure: Error, Equatable, Sendable {
    /// The text is empty or only whitespace.
    case empty
    /// The store could not be opened or written.
    case unsaved(text: String, reason: String)
    /// The pin the user asked for cannot be right.
    case refused(text: String, PinProblem)
    /// A dictated note ended without one (no recorder, nothing heard): nothing is stored. The
    /// moment it would have been pinned to, when there was one, and why.
    case abandoned(moment: Pin?, reason: String)
    /// The user dropped the note before it was written (Esc in `watch`): nothing is stored.
    case cancelled
    /// A signal (SIGTERM, SIGHUP, SIGINT) ended the body before anything was written: nothing
    /// is stored, and the caller ends with status 128 + signal.
    case stopped(signal: Int32)

    /// The note's text, when there was one (a failure before an editor ran has none).
    public var text: String? {
        switch self {
        case .unsaved(let text, _), .refused(let text, _): text.isEmpty ? nil : text
        case .empty, .abandoned, .cancelled, .stopped: nil
        }
    }
}

/// A pin the user asked for (`--episode`, `--at`) that cannot be right.
public enum PinProblem: Error, Equatable, Sendable {
    /// The position lies beyond the end of the episode or track.
    case pastEnd(positionMs: Int, durationMs: Int, itemName: String?)
    /// Spotify says the episode does not exist.
    case noSuchEpisode(id: String)
}
