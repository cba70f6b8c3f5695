import Foundation

/// What margin remembers about an episode, so that names can be shown without asking Spotify.
///
/// The coding keys are snake_case like the rest of margin's JSON.
public struct EpisodeInfo: Codable, Sendable, Equatable {
    /// The episode's base62 id.
    public var id: String
    /// The episode's name.
    public var name: String?
    /// The show's id.
    public var showID: String?
    /// The show's name.
    public var showName: String?
    /// The episode's length in milliseconds.
    public var durationMs: Int?
    /// Spotify's release date as given (`2026-11-21`, or coarser: `2026-11`, `2026`).
    public var releaseDate: String?
    /// Where the user stopped (Spotify's `resume_point.resume_position_ms`), when known.
    public var resumePositionMs: Int?
    /// Whether the user finished the episode, when known.
    public var fullyPlayed: Bool?
    /// False when Spotify answered that the episode is not available in the user's market.
    public var available: Bool
    /// When this was fetched from Spotify, with millisecond precision once stored.
    public var fetchedAt: Date

    /// Creates an episode description.
    public init(
        id: String, name: String? = nil, showID: String? = nil, showName: String? = nil,
        durationMs: Int? = nil, releaseDate: String? = nil, resumePositionMs: Int? = nil,
        fullyPlayed: Bool? = nil, available: Bool = true, fetchedAt: Date = Date()
    ) {
        self.id = id
        self.name = name
        self.showID = showID
        self.showName = showName
        self.durationMs = durationMs
        self.releaseDate = releaseDate
        self.resumePositionMs = resumePositionMs
        self.fullyPlayed = fullyPlayed
        self.available = available
        self.fetchedAt = NoteTimestamp.rounded(fetchedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, showID = "show_id", showName = "show_name", durationMs = "duration_ms"
        case releaseDate = "release_date", fetchedAt = "fetched_at"
        case resumePositionMs = "resume_position_ms", fullyPlayed = "fully_played", available
    }
}
