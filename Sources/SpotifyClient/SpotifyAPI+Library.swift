import Foundation

/// The user's saved shows and episodes (scope `user-library-read`).
extension SpotifyAPI {
    /// `GET /me/shows`: shows the user follows, most recently saved first; `limit` clamped to 1...50.
    public func savedShows(limit: Int = 20, offset: Int = 0) async throws -> Page<Show> {
        let raw: RawPage<RawSavedShow> = try await get("me/shows", query: Self.pagingQuery(limit: limit, offset: offset, maxLimit: 50))
        return Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { $0.show.flatMap(Show.init) }
    }

    /// `GET /me/episodes`: episodes the user saved, with their shows; `limit` clamped to 1...50.
    public func savedEpisodes(limit: Int = 20, offset: Int = 0, market: String? = nil) async throws -> Page<Episode> {
        let query = Self.pagingQuery(limit: limit, offset: offset, maxLimit: 50) + Self.marketQuery(market)
        let raw: RawPage<RawSavedEpisode> = try await get("me/episodes", query: query)
        return Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { saved in saved.episode.flatMap { Episode($0) } }
    }
}
