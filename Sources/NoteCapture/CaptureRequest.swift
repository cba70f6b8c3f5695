import Foundation

/// What the user asked `margin note` to capture.
public struct CaptureRequest: Sendable {
    /// Where the note's text comes from.
    public enum Source: Sendable {
        /// Text the user already gave (arguments or stdin).
        case text(String)
        /// Text still to be written (an editor): the moment is pinned first, and playback is
        /// paused while it is written and resumed after.
        case compose(@Sendable () async throws -> String)
        /// A note spoken after the moment is pinned: playback is paused while the user speaks
        /// and resumed after, as for ``compose(_:)``. Its text may be empty (a recording the
        /// recognizer could not transcribe is still a note), and it may add tags. When it
        /// throws, nothing is stored and ``CaptureFailure/abandoned(moment:reason:)`` carries
        /// the pinned moment, so the user can still take the note by hand.
        case dictate(@Sendable () async throws -> Dictation)
    }

    /// What a ``Source/dictate(_:)`` source gives.
    public struct Dictation: Sendable {
        public var text: String
        public var tags: [String]
        public init(text: String, tags: [String]) {
            self.text = text
            self.tags = tags
        }
    }

    public var source: Source
    /// Tags, already checked against ``NoteTag``'s rule.
    public var tags: [String]
    /// Pin to this episode instead of the playing one (needs ``positionMs``).
    public var episodeID: String?
    /// Pin at this position instead of the player's.
    public var positionMs: Int?
    /// Pause playback once the note is saved.
    public var pauseAfter: Bool
    /// Pin this many milliseconds before the player's position (`--ago`, `note.lead`): a thought
    /// usually comes just after what prompted it. Never before 0:00; ignored when
    /// ``positionMs`` is given, since that position is exact.
    public var leadMs: Int
    /// The id the note gets (a voice note's recording is kept under it before the note is
    /// stored); a new one when nil.
    public var noteID: String?

    public init(source: Source, tags: [String] = [], episodeID: String? = nil, positionMs: Int? = nil, pauseAfter: Bool = false,
                leadMs: Int = 0, noteID: String? = nil) {
        self.noteID = noteID
        self.source = source
        self.tags = tags
        self.episodeID = episodeID
        self.positionMs = positionMs
        self.pauseAfter = pauseAfter
        self.leadMs = max(leadMs, 0)
    }
}
