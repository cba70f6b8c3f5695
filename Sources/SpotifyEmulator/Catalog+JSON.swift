import Foundation

/// Catalog items rendered with the keys of the recorded responses in `shared/fixtures/spotify/`.
///
/// Left out on purpose, as in 2026 development mode: `show.publisher` and
/// `show.available_markets` (see docs/emulator.md, Fidelity).
extension Catalog {
    /// An episode. `withShow` gives the full object of `GET /episodes/{id}`; without it, the
    /// simplified one used in show listings and search. `resume` is the saved position, if any.
    func json(_ episode: Episode, links: Links, withShow: Bool, resume: ResumePoint?) -> JSON {
        let language = show(episode.showID)?.language ?? "en"
        var object: JSON = [
            "audio_preview_url": .string("https://podz-content.spotifycdn.com/audio/clips/\(episode.id)/clip_0_30000.mp3"),
            "description": .string(episode.description),
            "duration_ms": .int(episode.durationMs),
            "explicit": .bool(episode.explicit),
            "external_urls": links.external("episode", episode.id),
            "href": links.href("episodes", episode.id),
            "html_description": .string("<p>\(Catalog.escapeHTML(episode.description))</p>"),
            "id": .string(episode.id),
            "images": links.images(for: episode.showID),
            "is_externally_hosted": false,
            "is_playable": true,
            "language": .string(language),
            "languages": [.string(language)],
            "name": .string(episode.name),
            "release_date": .string(episode.releaseDate),
            "release_date_precision": "day",
        ]
        if let resume {
            object.set("resume_point", ["fully_played": .bool(resume.fullyPlayed), "resume_position_ms": .int(resume.positionMs)])
        }
        if withShow, let show = show(episode.showID) {
            object.set("show", json(show, links: links))
        }
        object.set("type", "episode")
        object.set("uri", links.uri("episode", episode.id))
        return object
    }

    /// A simplified show (no `episodes`), as embedded in episodes, saved shows and search.
    func json(_ show: Show, links: Links) -> JSON {
        [
            "copyrights": [],
            "description": .string(show.description),
            "explicit": .bool(show.explicit),
            "external_urls": links.external("show", show.id),
            "href": links.href("shows", show.id),
            "html_description": .string("<p>\(Catalog.escapeHTML(show.description))</p>"),
            "id": .string(show.id),
            "images": links.images(for: show.id),
            "is_externally_hosted": false,
            "languages": [.string(show.language)],
            "media_type": "audio",
            "name": .string(show.name),
            "total_episodes": .int(show.episodes.count),
            "type": "show",
            "uri": links.uri("show", show.id),
        ]
    }

    /// A full track with its album and artists.
    func json(_ track: Track, links: Links) -> JSON {
        [
            "album": json(track.album, links: links),
            "artists": .array(track.artists.map { json($0, links: links) }),
            "disc_number": 1,
            "duration_ms": .int(track.durationMs),
            "explicit": false,
            "external_ids": ["isrc": .string(track.isrc)],
            "external_urls": links.external("track", track.id),
            "href": links.href("tracks", track.id),
            "id": .string(track.id),
            "is_local": false,
            "is_playable": true,
            "name": .string(track.name),
            "popularity": .int(track.popularity),
            "preview_url": nil,
            "track_number": .int(track.trackNumber),
            "type": "track",
            "uri": links.uri("track", track.id),
        ]
    }

    private func json(_ album: Album, links: Links) -> JSON {
        [
            "album_type": .string(album.albumType),
            "artists": .array(album.artists.map { json($0, links: links) }),
            "external_urls": links.external("album", album.id),
            "href": links.href("albums", album.id),
            "id": .string(album.id),
            "images": links.images(for: album.id, prefix: "ab67616d"),
            "name": .string(album.name),
            "release_date": .string(album.releaseDate),
            "release_date_precision": "day",
            "total_tracks": .int(album.totalTracks),
            "type": "album",
            "uri": links.uri("album", album.id),
        ]
    }

    private func json(_ artist: Artist, links: Links) -> JSON {
        [
            "external_urls": links.external("artist", artist.id),
            "href": links.href("artists", artist.id),
            "id": .string(artist.id),
            "name": .string(artist.name),
            "type": "artist",
            "uri": links.uri("artist", artist.id),
        ]
    }

    /// Escapes text for `html_description`.
    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&#34;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// Where the user left off in an episode (`resume_point`).
struct ResumePoint: Sendable {
    var positionMs: Int
    var fullyPlayed: Bool
}
