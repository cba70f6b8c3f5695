import Foundation
import NoteStore
import SpotifyClient
import SpotifyLinks

/// An episode as `margin episodes` shows it: what Spotify said of it (the store's cache entry,
/// resume point included) and the user's notes on it.
public struct LibraryEpisode: Sendable, Equatable {
    /// What Spotify said, or for an episode it was never asked about, what the notes know.
    public var episode: EpisodeInfo
    /// How many notes the user has on it, and when the first and newest were taken.
    public var notes: Int
    public var firstNoteAt: Date?
    public var lastNoteAt: Date?

    public init(_ episode: EpisodeInfo, notes: Int = 0, firstNoteAt: Date? = nil, lastNoteAt: Date? = nil) {
        self.episode = episode
        self.notes = notes
        self.firstNoteAt = firstNoteAt
        self.lastNoteAt = lastNoteAt
    }

    public var id: String { episode.id }

    /// `https://open.spotify.com/episode/ID`.
    public var link: String { SpotifyLink.episode(episode.id) }
}

extension LibraryEpisode {
    /// An annotated episode: the cache entry (it is what Spotify said last), with the names its
    /// newest note carries where the cache has none (never fetched, or no longer in the market).
    init(_ item: AnnotatedItem, cached: EpisodeInfo?) {
        var known = cached ?? EpisodeInfo(id: item.id, fetchedAt: .distantPast)
        known.name = known.name ?? item.name
        known.showID = known.showID ?? item.showID
        known.showName = known.showName ?? item.showName
        known.durationMs = known.durationMs ?? item.durationMs
        self.init(known, notes: item.notes, firstNoteAt: item.firstNoteAt, lastNoteAt: item.lastNoteAt)
    }
}

extension EpisodeInfo {
    /// What the cache keeps of an episode Spotify described; `showName` stands in for the
    /// show's name that simplified episodes lack.
    public init(_ episode: Episode, showName: String? = nil, fetchedAt: Date) {
        self.init(
            id: episode.id, name: episode.name, showID: episode.showID, showName: episode.showName ?? showName,
            durationMs: episode.durationMs, releaseDate: episode.releaseDate, resumePositionMs: episode.resumePositionMs,
            fullyPlayed: episode.fullyPlayed, fetchedAt: fetchedAt)
    }
}
