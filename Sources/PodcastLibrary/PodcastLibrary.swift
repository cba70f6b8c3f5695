import Foundation
import NoteStore
import SpotifyClient

/// The podcast library around the notes: the episodes and shows the user has notes on or saved,
/// Spotify's catalog search, with what Spotify said kept in the store's cache.
///
/// Spotify is asked as little as possible: episodes in batches of 50, and nothing at all for an
/// episode the cache saw less than ``maxAge`` ago.
public struct PodcastLibrary: Sendable {
    public let store: NoteDatabase
    /// nil when there is no login: the library is then what the store knows.
    public let api: SpotifyAPI?
    /// The market for catalog requests (config `market`), or nil for the account's own.
    public let market: String?
    /// How long what Spotify said of an episode (its resume point above all) counts as current.
    public let maxAge: TimeInterval
    let now: @Sendable () -> Date

    /// The cache's default age limit: an hour, so a listing during a listening session stays
    /// free while yesterday's resume points are asked for again.
    public static let defaultMaxAge: TimeInterval = 3600

    public init(store: NoteDatabase, api: SpotifyAPI?, market: String? = nil, maxAge: TimeInterval = defaultMaxAge,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.api = api
        self.market = market
        self.maxAge = maxAge
        self.now = now
    }

    /// Episodes with notes, newest note first, completed by Spotify for those the cache has
    /// not seen within ``maxAge`` (all of them with `refresh`).
    ///
    /// When Spotify cannot be asked (no login, unreachable, rate limited past the retries) the
    /// cache answers and ``Listing/warning`` says why; the listing itself never fails for it.
    public func annotatedEpisodes(showID: String? = nil, limit: Int? = nil, refresh: Bool = false) async throws -> Listing<LibraryEpisode> {
        let items = try store.annotatedEpisodes(showID: showID, limit: limit)
        var cached = try store.cachedEpisodes(items.map(\.id))
        let cutoff = now().addingTimeInterval(-maxAge)
        let stale = items.map(\.id).filter { id in refresh || (cached[id].map { $0.fetchedAt < cutoff } ?? true) }
        var warning: String?
        if !stale.isEmpty {
            do {
                for info in try await refreshEpisodes(stale, cached: cached) { cached[info.id] = info }
            } catch let error where Self.isOffline(error) {
                warning = Self.offlineWarning(error)
            }
        }
        return Listing(items: items.map { LibraryEpisode($0, cached: cached[$0.id]) }, warning: warning)
    }

    /// Asks Spotify for these episodes, stores the answers in the cache, fills the names of
    /// notes that lacked them, and returns what was stored. An episode Spotify answers `null`
    /// for (not in the market) is kept as unavailable, with the names it had.
    /// `old` is what the cache held for them, already read by the caller.
    func refreshEpisodes(_ ids: [String], cached old: [String: EpisodeInfo]) async throws -> [EpisodeInfo] {
        guard let api else { throw SpotifyError.notLoggedIn }
        let fetched = try await EpisodeFetch(api: api, market: market).episodes(ids)
        let stamp = now()
        let infos = zip(ids, fetched).map { id, episode -> EpisodeInfo in
            if let episode { return EpisodeInfo(episode, showName: old[id]?.showName, fetchedAt: stamp) }
            var missing = old[id] ?? EpisodeInfo(id: id)
            missing.available = false
            missing.fetchedAt = NoteTimestamp.rounded(stamp)
            return missing
        }
        try store.cacheEpisodes(infos)
        for info in infos where info.available { _ = try store.fillNames(from: info) }
        return infos
    }

    /// True for the failures that mean "Spotify cannot be asked now", as opposed to a bad
    /// request or a broken store.
    public static func isOffline(_ error: any Error) -> Bool {
        switch error as? SpotifyError {
        case .notLoggedIn, .loginRevoked, .credentialsCorrupt, .credentialsInsecure, .unreachable, .timeout, .redirected, .tls,
             .rateLimited, .server:
            true
        default:
            false
        }
    }

    /// The line that says the listing comes from the cache, and why.
    static func offlineWarning(_ error: any Error) -> String {
        let reason: String
        // The remedy fits the cause: asking again cannot help without a login.
        var remedy = "margin episodes --refresh asks again"
        switch error as? SpotifyError {
        case .notLoggedIn, .loginRevoked, .credentialsCorrupt, .credentialsInsecure:
            reason = "not logged in"
            remedy = "run 'margin login' to ask Spotify"
        case .rateLimited: reason = "Spotify is rate limiting"
        default: reason = "Spotify could not be reached"
        }
        return "\(reason): names and resume points are what margin last saw (\(remedy))"
    }
}

/// Items and, when Spotify could not be asked, a one-line warning saying what the items lack.
public struct Listing<Item: Sendable>: Sendable {
    public var items: [Item]
    public var warning: String?

    public init(items: [Item], warning: String? = nil) {
        self.items = items
        self.warning = warning
    }
}

extension PodcastLibrary {
    /// One episode from Spotify, with its resume point; cached.
    public func episode(_ id: String) async throws -> LibraryEpisode {
        let api = try online()
        let episode = try await api.episode(id: id, market: market)
        let info = EpisodeInfo(episode, showName: try store.cachedEpisodes([id])[id]?.showName, fetchedAt: now())
        try store.cacheEpisodes([info])
        _ = try store.fillNames(from: info)
        return LibraryEpisode(info, notes: try store.noteCounts(episodes: [id])[id] ?? 0)
    }
}
