/// The emulator's fixed library of shows, episodes and tracks.
///
/// Real Spotify has millions; margin needs a handful with realistic names, lengths and dates.
struct Catalog: Sendable {
    var shows: [Show]
    var tracks: [Track]
    /// Shows in the user's library, with the time each was saved.
    var savedShows: [(showID: String, addedAt: String)]
    /// Episodes in the user's library, with the time each was saved.
    var savedEpisodes: [(episodeID: String, addedAt: String)]

    /// A podcast.
    struct Show: Sendable {
        var id: String
        var name: String
        var publisher: String
        var description: String
        var language: String
        var explicit: Bool
        /// Newest first, the order Spotify lists a show's episodes in.
        var episodes: [Episode]
    }

    /// A podcast episode.
    struct Episode: Sendable {
        var id: String
        var showID: String
        var name: String
        var description: String
        var durationMs: Int
        var releaseDate: String
        var explicit: Bool = false
    }

    /// A music track with its album and artists.
    struct Track: Sendable {
        var id: String
        var name: String
        var artists: [Artist]
        var album: Album
        var durationMs: Int
        var trackNumber: Int
        var isrc: String
        var popularity: Int
    }

    /// An album, as embedded in a track.
    struct Album: Sendable {
        var id: String
        var name: String
        var albumType: String
        var releaseDate: String
        var totalTracks: Int
        var artists: [Artist]
    }

    /// An artist, as embedded in tracks and albums.
    struct Artist: Sendable {
        var id: String
        var name: String
    }

    /// The show with this id.
    func show(_ id: String) -> Show? {
        shows.first { $0.id == id }
    }

    /// The episode with this id, from any show.
    func episode(_ id: String) -> Episode? {
        for show in shows {
            if let episode = show.episodes.first(where: { $0.id == id }) { return episode }
        }
        return nil
    }

    /// The track with this id.
    func track(_ id: String) -> Track? {
        tracks.first { $0.id == id }
    }

    /// The tracks of an album, in track order.
    func tracks(ofAlbum id: String) -> [Track] {
        tracks.filter { $0.album.id == id }.sorted { $0.trackNumber < $1.trackNumber }
    }
}
