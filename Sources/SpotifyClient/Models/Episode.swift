import Foundation
import SpotifyLinks

/// A podcast episode in margin's terms.
public struct Episode: Sendable, Equatable {
    public var id: String
    /// `spotify:episode:ID`.
    public var uri: String
    public var name: String
    public var durationMs: Int
    /// `2020-08-04`, `2020-08` or `2020`, as ``releaseDatePrecision`` says.
    public var releaseDate: String?
    /// `day`, `month`, `year`, or any value Spotify adds.
    public var releaseDatePrecision: String?
    public var description: String?
    /// Missing from simplified episodes (search), except where margin knows it from the request.
    public var showID: String?
    public var showName: String?
    /// Where the user stopped; needs the `user-read-playback-position` scope. Never negative.
    public var resumePositionMs: Int?
    public var fullyPlayed: Bool?

    public init(id: String, uri: String? = nil, name: String, durationMs: Int, releaseDate: String? = nil,
                releaseDatePrecision: String? = nil, description: String? = nil, showID: String? = nil,
                showName: String? = nil, resumePositionMs: Int? = nil, fullyPlayed: Bool? = nil) {
        self.id = id
        self.uri = uri ?? "spotify:episode:\(id)"
        self.name = name
        self.durationMs = durationMs
        self.releaseDate = releaseDate
        self.releaseDatePrecision = releaseDatePrecision
        self.description = description
        self.showID = showID
        self.showName = showName
        self.resumePositionMs = resumePositionMs
        self.fullyPlayed = fullyPlayed
    }

    /// `https://open.spotify.com/episode/ID`, the link that opens the episode anywhere.
    public var link: URL { link(atMs: nil) }

    /// The web link, starting at `positionMs` when given (`?t=SECONDS`: undocumented but widely
    /// honoured; `PUT /me/player/play` is the reliable way to jump).
    public func link(atMs positionMs: Int?) -> URL {
        // SpotifyLink percent-encodes an odd id, so the text is always a URL; the fallback
        // spares a force-unwrap.
        URL(string: SpotifyLink.episode(id, atMs: positionMs)) ?? Self.webHome
    }

    private static let webHome = URL(string: SpotifyLink.web) ?? URL(fileURLWithPath: "/")
}

extension Episode {
    /// Maps a raw episode; nil without the `id` and `duration_ms` margin cannot work without.
    ///
    /// `showID` fills in for simplified episodes whose show is known from the request
    /// (`GET /shows/{id}/episodes`).
    init?(_ raw: RawEpisode, showID knownShowID: String? = nil) {
        guard let id = raw.id, !id.isEmpty, let durationMs = raw.durationMs else { return nil }
        self.init(
            id: id, uri: raw.uri, name: raw.name ?? "", durationMs: max(durationMs, 0),
            releaseDate: raw.releaseDate, releaseDatePrecision: raw.releaseDatePrecision,
            description: raw.description, showID: raw.show?.id ?? knownShowID, showName: raw.show?.name,
            // A negative resume point has been seen in real replies; it can only mean "the start".
            resumePositionMs: raw.resumePoint?.resumePositionMs.map { max($0, 0) },
            fullyPlayed: raw.resumePoint?.fullyPlayed
        )
    }
}
