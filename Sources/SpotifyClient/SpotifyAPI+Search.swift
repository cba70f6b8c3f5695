import Foundation

/// `GET /search` for episodes and shows.
extension SpotifyAPI {
    /// Spotify's 2026 development-mode maximum for `limit` per type.
    public static let maxSearchLimit = 10

    /// Searches for `query` among the given `types`; `limit` (per type) is clamped to 1...10.
    /// Asking for no types returns empty results without a request.
    public func search(_ query: String, types: Set<SearchType>, limit: Int = 10, offset: Int = 0,
                       market: String? = nil) async throws -> SearchResults {
        guard !types.isEmpty else { return SearchResults() }
        // Sorted so the same search always makes the same URL (logs, caches, tests).
        let typeList = types.map(\.rawValue).sorted().joined(separator: ",")
        let clamped = min(max(limit, 1), Self.maxSearchLimit)
        let parameters = [("q", query), ("type", typeList)]
            + Self.pagingQuery(limit: clamped, offset: offset, maxLimit: Self.maxSearchLimit) + Self.marketQuery(market)
        let raw: RawSearch = try await get("search", query: parameters)
        // A requested type missing from the reply means the reply is not what was asked for.
        if types.contains(.episode) && raw.episodes == nil || types.contains(.show) && raw.shows == nil {
            throw SpotifyError.malformedResponse(endpoint: "GET /search")
        }
        let start = max(offset, 0)
        let episodes = raw.episodes.map { Page($0, offset: start, limit: clamped) { Episode($0) } }
        let shows = raw.shows.map { Page($0, offset: start, limit: clamped, map: Show.init) }
        return SearchResults(episodes: episodes?.items ?? [], shows: shows?.items ?? [],
                             moreEpisodes: episodes?.hasMore ?? false, moreShows: shows?.hasMore ?? false)
    }
}
