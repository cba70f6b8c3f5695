import Foundation

/// Episodes and shows by id. Every id is checked before it goes into a path.
extension SpotifyAPI {
    /// `GET /episodes/{id}`, with the show and, given the scope, the resume point.
    public func episode(id: String, market: String? = nil) async throws -> Episode {
        let id = try SpotifyID.checked(id) { "GET /episodes/\($0)" }
        return try await get("episodes/\(id)", query: Self.marketQuery(market)) { (raw: RawEpisode) in Episode(raw) }
    }

    /// `GET /shows/{id}`.
    public func show(id: String, market: String? = nil) async throws -> Show {
        let id = try SpotifyID.checked(id) { "GET /shows/\($0)" }
        return try await get("shows/\(id)", query: Self.marketQuery(market)) { (raw: RawShow) in Show(raw) }
    }

    /// `GET /shows/{id}/episodes`: a page of the show's episodes, newest first. `limit` is
    /// clamped to Spotify's 1...50. The episodes carry `showID` though Spotify omits the show.
    public func showEpisodes(id: String, limit: Int = 20, offset: Int = 0, market: String? = nil) async throws -> Page<Episode> {
        let id = try SpotifyID.checked(id) { "GET /shows/\($0)/episodes" }
        let query = Self.pagingQuery(limit: limit, offset: offset, maxLimit: 50) + Self.marketQuery(market)
        let raw: RawPage<RawEpisode> = try await get("shows/\(id)/episodes", query: query)
        return Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { Episode($0, showID: id) }
    }
}

/// Several episodes in one request.
extension SpotifyAPI {
    /// Spotify's maximum of ids for `GET /episodes?ids=`.
    public static let maxEpisodeBatch = 50

    /// `GET /episodes?ids=`: the episodes in the order asked, nil where Spotify answered `null`
    /// (unknown, or not available in `market`). One request per 50 ids; none makes no request.
    /// Development-mode apps lost this endpoint in 2026: Spotify answers 403 there
    /// (``SpotifyError/forbidden(_:)``), and callers fall back to ``episode(id:market:)``.
    public func episodes(ids: [String], market: String? = nil) async throws -> [Episode?] {
        for id in ids { _ = try SpotifyID.checked(id) { "GET /episodes?ids=\($0)" } }
        var episodes: [Episode?] = []
        episodes.reserveCapacity(ids.count)
        for start in stride(from: 0, to: ids.count, by: Self.maxEpisodeBatch) {
            let batch = ids[start..<min(start + Self.maxEpisodeBatch, ids.count)]
            let raw: RawEpisodeList = try await get("episodes", query: [("ids", batch.joined(separator: ","))] + Self.marketQuery(market))
            guard raw.episodes.count == batch.count else { throw SpotifyError.malformedResponse(endpoint: "GET /episodes") }
            episodes += raw.episodes.map { $0.value.flatMap { Episode($0) } }
        }
        return episodes
    }
}

/// `GET /episodes?ids=`: `{"episodes": [episode or null, …]}`.
struct RawEpisodeList: Decodable {
    var episodes: [Lossy<RawEpisode>]
}
