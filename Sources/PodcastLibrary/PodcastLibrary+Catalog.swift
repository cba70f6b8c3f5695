import Foundation
import NoteStore
import SpotifyClient

/// What only Spotify knows: a show's episodes, the saved shows and episodes, search.
extension PodcastLibrary {
    /// Requests at most this many pages of one listing: 5 000 saved shows at 50 a page.
    static let maxPages = 100

    /// The show's episodes, newest first, at most `limit`, with the user's note counts; what
    /// Spotify says of each is cached.
    public func showEpisodes(showID: String, limit: Int) async throws -> (show: String?, episodes: [LibraryEpisode]) {
        let api = try online()
        let showName = try await showName(showID, api: api)
        var episodes: [Episode] = []
        var offset = 0
        for _ in 0..<Self.maxPages where episodes.count < limit {
            let page = try await api.showEpisodes(id: showID, limit: min(limit - episodes.count, 50), offset: offset, market: market)
            episodes += page.items
            offset = page.offset + page.limit
            if !page.hasMore || page.items.isEmpty { break }
        }
        let stamp = now()
        let infos = episodes.prefix(limit).map { EpisodeInfo($0, showName: showName, fetchedAt: stamp) }
        try store.cacheEpisodes(infos)
        let counts = try store.noteCounts(episodes: infos.map(\.id))
        return (showName, infos.map { LibraryEpisode($0, notes: counts[$0.id] ?? 0) })
    }

    /// The show's name: from the cache or the notes, else from Spotify (then cached).
    private func showName(_ id: String, api: SpotifyAPI) async throws -> String? {
        if let name = try knownShowName(id) { return name }
        let show = try await api.show(id: id, market: market)
        try store.cacheShows([ShowInfo(show, fetchedAt: now())])
        return show.name
    }

    /// Every saved show (all pages of `/me/shows`), most recently saved first, with note counts.
    public func savedShows() async throws -> [LibraryShow] {
        let api = try online()
        var shows: [Show] = []
        for page in 0..<Self.maxPages {
            let next = try await api.savedShows(limit: 50, offset: page * 50)
            shows += next.items
            if !next.hasMore || next.items.isEmpty { break }
        }
        let stamp = now()
        try store.cacheShows(shows.map { ShowInfo($0, fetchedAt: stamp) })
        let counts = try store.noteCounts(shows: shows.map(\.id))
        return shows.map {
            LibraryShow(id: $0.id, name: $0.name, publisher: $0.publisher, totalEpisodes: $0.totalEpisodes, notes: counts[$0.id] ?? 0)
        }
    }

    /// The user's episodes: those with notes (as ``annotatedEpisodes(showID:limit:refresh:)``),
    /// then the saved ones without notes, most recently saved first.
    public func yourEpisodes(limit: Int?, refresh: Bool) async throws -> Listing<LibraryEpisode> {
        var listing = try await annotatedEpisodes(limit: limit, refresh: refresh)
        guard listing.warning == nil, let api else { return listing }
        var saved: [Episode] = []
        do {
            for page in 0..<Self.maxPages {
                let next = try await api.savedEpisodes(limit: 50, offset: page * 50, market: market)
                saved += next.items
                if !next.hasMore || next.items.isEmpty { break }
            }
        } catch let error where Self.isOffline(error) {
            listing.warning = Self.offlineWarning(error)
            return listing
        } catch SpotifyError.forbidden {
            // A login from before margin asked for `user-library-read`.
            listing.warning = "Spotify did not allow reading your saved episodes; run 'margin login' again to list them too"
            return listing
        }
        let stamp = now()
        let infos = saved.map { EpisodeInfo($0, fetchedAt: stamp) }
        try store.cacheEpisodes(infos)
        let listed = Set(listing.items.map(\.id))
        let counts = try store.noteCounts(episodes: infos.map(\.id))
        for info in infos where !listed.contains(info.id) {
            listing.items.append(LibraryEpisode(info, notes: counts[info.id] ?? 0))
        }
        if let limit { listing.items = Array(listing.items.prefix(limit)) }
        return listing
    }

    /// Spotify's catalog search for shows and episodes, at most `limit` of each type asked for
    /// (10 a request, Spotify's 2026 maximum), shows first. What it lists is cached, so that
    /// its names work as references; an episode the cache already holds keeps its entry, and
    /// a new one counts as out of date (a search result lacks the show and resume point).
    public func search(_ query: String, types: Set<SearchType>, limit: Int) async throws -> [SearchItem] {
        let api = try online()
        var shows: [Show] = []
        var episodes: [Episode] = []
        var wanted = types
        var offset = 0
        for _ in 0..<Self.maxPages where !wanted.isEmpty {
            let page = try await api.search(query, types: wanted, limit: SpotifyAPI.maxSearchLimit, offset: offset, market: market)
            shows += page.shows
            episodes += page.episodes
            offset += SpotifyAPI.maxSearchLimit
            if shows.count >= limit || !page.moreShows { wanted.remove(.show) }
            if episodes.count >= limit || !page.moreEpisodes { wanted.remove(.episode) }
        }
        let stamp = now()
        try store.cacheShows(shows.prefix(limit).map { ShowInfo($0, fetchedAt: stamp) })
        try store.cacheEpisodesIfAbsent(episodes.prefix(limit).map { EpisodeInfo($0, fetchedAt: Date(timeIntervalSince1970: 0)) })
        let showCounts = try store.noteCounts(shows: shows.map(\.id))
        let episodeCounts = try store.noteCounts(episodes: episodes.map(\.id))
        return shows.prefix(limit).map { SearchItem.show(LibraryShow(id: $0.id, name: $0.name, publisher: $0.publisher,
                                                                     totalEpisodes: $0.totalEpisodes, notes: showCounts[$0.id] ?? 0)) }
            + episodes.prefix(limit).map {
                SearchItem.episode(LibraryEpisode(EpisodeInfo($0, fetchedAt: stamp), notes: episodeCounts[$0.id] ?? 0))
            }
    }

    /// The API, or "not logged in" for the commands that cannot work from the cache.
    func online() throws -> SpotifyAPI {
        guard let api else { throw SpotifyError.notLoggedIn }
        return api
    }
}

/// One search result.
public enum SearchItem: Sendable, Equatable {
    case show(LibraryShow)
    case episode(LibraryEpisode)
}

extension ShowInfo {
    /// What the cache keeps of a show Spotify described.
    public init(_ show: Show, fetchedAt: Date) {
        self.init(id: show.id, name: show.name, publisher: show.publisher, totalEpisodes: show.totalEpisodes, fetchedAt: fetchedAt)
    }
}
