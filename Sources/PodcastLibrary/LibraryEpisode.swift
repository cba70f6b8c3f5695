import Foundation
import NoteStore
import SpotifyClient

/// An episode as `margin episodes` shows it: what Spotify says of it, where the user stopped,
/// and the user's notes on it.
public struct LibraryEpisode: Sendable, Equatable {
    public var id: String
    public var name: String?
    public var showID: String?
    public var showName: String?
    public var durationMs: Int?
    public var releaseDate: String?
    /// Where the user stopped, as Spotify last said (`resume_point`).
    public var resumePositionMs: Int?
    public var fullyPlayed: Bool?
    /// False when Spotify says the episode is not available in the user's market.
    public var available: Bool
    /// How many notes the user has on it, and when the first and newest were taken.
    public var notes: Int
    public var firstNoteAt: Date?
    public var lastNoteAt: Date?

    public init(id: String, name: String? = nil, showID: String? = nil, showName: String? = nil, durationMs: Int? = nil,
                releaseDate: String? = nil, resumePositionMs: Int? = nil, fullyPlayed: Bool? = nil, available: Bool = true,
                notes: Int = 0, firstNoteAt: Date? = nil, lastNoteAt: Date? = nil) {
        self.id = id
        self.name = name
        self.showID = showID
        self.showName = showName
        self.durationMs = durationMs
        self.releaseDate = releaseDate
        self.resumePositionMs = resumePositionMs
        self.fullyPlayed = fullyPlayed
        self.available = available
        self.notes = notes
        self.firstNoteAt = firstNoteAt
        self.lastNoteAt = lastNoteAt
    }

    /// `https://open.spotify.com/episode/ID`.
    public var link: String { "https://open.spotify.com/episode/\(id)" }
}

extension LibraryEpisode {
    /// An annotated episode, completed by what the cache knows (the cache wins for names:
    /// it is what Spotify said last).
    init(_ item: AnnotatedItem, cached: EpisodeInfo?) {
        self.init(
            id: item.id, name: cached?.name ?? item.name, showID: cached?.showID ?? item.showID,
            showName: cached?.showName ?? item.showName, durationMs: cached?.durationMs ?? item.durationMs,
            releaseDate: cached?.releaseDate, resumePositionMs: cached?.resumePositionMs, fullyPlayed: cached?.fullyPlayed,
            available: cached?.available ?? true, notes: item.notes, firstNoteAt: item.firstNoteAt, lastNoteAt: item.lastNoteAt)
    }

    /// An episode from Spotify, with the user's note count.
    init(_ episode: Episode, notes: Int, showName: String? = nil) {
        self.init(
            id: episode.id, name: episode.name, showID: episode.showID, showName: episode.showName ?? showName,
            durationMs: episode.durationMs, releaseDate: episode.releaseDate, resumePositionMs: episode.resumePositionMs,
            fullyPlayed: episode.fullyPlayed, notes: notes)
    }
}

extension EpisodeInfo {
    /// What the cache keeps of an episode Spotify described.
    public init(_ episode: Episode, showName: String? = nil, fetchedAt: Date) {
        self.init(
            id: episode.id, name: episode.name, showID: episode.showID, showName: episode.showName ?? showName,
            durationMs: episode.durationMs, releaseDate: episode.releaseDate, resumePositionMs: episode.resumePositionMs,
            fullyPlayed: episode.fullyPlayed, fetchedAt: fetchedAt)
    }
}
