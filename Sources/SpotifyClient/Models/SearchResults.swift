/// What `GET /search` found, per requested type; a type not asked for stays empty.
public struct SearchResults: Sendable, Equatable {
    public var episodes: [Episode]
    public var shows: [Show]
    /// Whether asking again further on would find more episodes or shows.
    public var moreEpisodes: Bool
    public var moreShows: Bool

    public init(episodes: [Episode] = [], shows: [Show] = [], moreEpisodes: Bool = false, moreShows: Bool = false) {
        self.episodes = episodes
        self.shows = shows
        self.moreEpisodes = moreEpisodes
        self.moreShows = moreShows
    }
}

/// The kinds of item margin searches for.
public enum SearchType: String, Sendable, Hashable, CaseIterable {
    case episode
    case show
}
