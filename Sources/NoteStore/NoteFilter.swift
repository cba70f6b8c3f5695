import Foundation

/// Which notes to list or export. Every criterion that is set must hold.
public struct NoteFilter: Sendable, Equatable {
    /// Notes of this episode or track; they then come in playback order
    /// (`progress_ms` ascending, then `created_at`).
    public var itemID: String?
    /// Notes pinned to episodes of this show.
    public var showID: String?
    /// Notes carrying this tag (exact match).
    public var tag: String?
    /// Notes created at or after this moment.
    public var since: Date?
    /// Notes created before this moment (`--until yesterday` is the midnight that ends it).
    public var until: Date?
    /// At most this many notes; nil for all.
    public var limit: Int?
    /// Only pinned (true) or only unpinned (false) notes; nil for both.
    public var pinned: Bool?

    /// Creates a filter; with no arguments it matches every note.
    public init(
        itemID: String? = nil, showID: String? = nil, tag: String? = nil, since: Date? = nil,
        until: Date? = nil, limit: Int? = nil, pinned: Bool? = nil
    ) {
        self.itemID = itemID
        self.showID = showID
        self.tag = tag
        self.since = since
        self.until = until
        self.limit = limit
        self.pinned = pinned
    }
}
