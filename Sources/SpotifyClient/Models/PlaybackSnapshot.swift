import Foundation

/// What the player was doing when Spotify answered: the item, where in it, and whether it plays.
///
/// Spotify's `timestamp` only changes on state changes, so the position is extrapolated from
/// `progressMs` and ``receivedAt``, the local time the reply arrived (see ``position(at:)``).
public struct PlaybackSnapshot: Sendable, Equatable {
    /// What kind of item is loaded. Spotify's list is open: anything new is kept as text.
    public enum ItemKind: Sendable, Equatable {
        case episode, track, ad
        /// `unknown` itself, or a type margin has not met yet (e.g. `audiobook_chapter`).
        case unknown(String)

        /// The kind named by Spotify's `currently_playing_type` (or an item's `type`).
        public init(spotifyType: String) {
            switch spotifyType {
            case "episode": self = .episode
            case "track": self = .track
            case "ad": self = .ad
            default: self = .unknown(spotifyType)
            }
        }
    }

    public var kind: ItemKind
    public var itemID: String?
    public var itemURI: String?
    public var itemName: String?
    /// Episodes only.
    public var showID: String?
    /// Episodes only.
    public var showName: String?
    /// Tracks only, else empty.
    public var artistNames: [String]
    /// Null in some replies (ads, some devices), so optional.
    public var progressMs: Int?
    public var durationMs: Int?
    public var isPlaying: Bool
    /// The active device; only `GET /me/player` reports it.
    public var device: Device?
    /// The local time the reply arrived.
    public var receivedAt: Date

    public init(kind: ItemKind, itemID: String? = nil, itemURI: String? = nil, itemName: String? = nil,
                showID: String? = nil, showName: String? = nil, artistNames: [String] = [],
                progressMs: Int? = nil, durationMs: Int? = nil, isPlaying: Bool,
                device: Device? = nil, receivedAt: Date) {
        self.kind = kind
        self.itemID = itemID
        self.itemURI = itemURI
        self.itemName = itemName
        self.showID = showID
        self.showName = showName
        self.artistNames = artistNames
        self.progressMs = progressMs
        self.durationMs = durationMs
        self.isPlaying = isPlaying
        self.device = device
        self.receivedAt = receivedAt
    }

    /// The progress extrapolated to `now` while playing (capped at the duration), or as reported
    /// while paused; nil when Spotify gave no progress.
    ///
    /// A `now` before ``receivedAt`` (the wall clock stepped back) adds nothing rather than
    /// rewinding.
    public func position(at now: Date) -> Int? {
        guard let progressMs else { return nil }
        guard isPlaying else { return progressMs }
        // Clamp before converting: a far-off `now` must not trap on Int overflow.
        let elapsedSeconds = min(max(now.timeIntervalSince(receivedAt), 0), 1e9)
        let position = progressMs + Int((elapsedSeconds * 1000).rounded())
        guard let durationMs, durationMs > 0 else { return position }
        return min(position, durationMs)
    }
}
