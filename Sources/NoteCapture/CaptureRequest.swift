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

    public init(source: Source, tags: [String] = [], episodeID: String? = nil, positionMs: Int? = nil, pauseAfter: Bool = false,
                leadMs: Int = 0) {
        self.source = source
        self.tags = tags
        self.episodeID = episodeID
        self.positionMs = positionMs
        self.pauseAfter = pauseAfter
        self.leadMs = max(leadMs, 0)
    }
}
