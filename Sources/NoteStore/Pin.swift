/// Where a note is pinned: an episode (or a track) and the playback position when it was taken.
///
/// The coding keys are the contract's snake_case names, so a `Pin` encodes to the same fields
/// the flat note object carries.
public struct Pin: Codable, Sendable, Equatable {
    /// `"episode"` or `"track"`.
    public var itemType: String
    /// The 22-character base62 Spotify id of the episode or track.
    public var itemID: String
    /// `spotify:episode:ID` or `spotify:track:ID`.
    public var itemURI: String
    /// The episode or track name; nil for a pin taken offline until `fillNames(from:)` runs.
    public var itemName: String?
    /// The show's id; nil for tracks and for offline pins.
    public var showID: String?
    /// The show's name; nil for tracks and for offline pins.
    public var showName: String?
    /// The playback position the note points at, in milliseconds.
    public var progressMs: Int
    /// The item's length in milliseconds, when known.
    public var durationMs: Int?

    /// Creates a pin.
    public init(
        itemType: String, itemID: String, itemURI: String, itemName: String? = nil,
        showID: String? = nil, showName: String? = nil, progressMs: Int, durationMs: Int? = nil
    ) {
        self.itemType = itemType
        self.itemID = itemID
        self.itemURI = itemURI
        self.itemName = itemName
        self.showID = showID
        self.showName = showName
        self.progressMs = progressMs
        self.durationMs = durationMs
    }

    enum CodingKeys: String, CodingKey {
        case itemType = "item_type", itemID = "item_id", itemURI = "item_uri", itemName = "item_name"
        case showID = "show_id", showName = "show_name"
        case progressMs = "progress_ms", durationMs = "duration_ms"
    }
}
