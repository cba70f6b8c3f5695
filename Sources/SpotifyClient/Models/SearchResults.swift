/// What `GET /search` found, per requested type; a type not asked for stays empty.
public struct SearchResults: Sendable, Equatable {
    public var episodes: [Episode]
    public var shows: [Show]

    public init(episodes: [Episode] = [], shows: [Show] = []) {
        self.episodes = episodes
        self.shows = shows
    }
}

/// The kinds of item margin searches for.
public enum SearchType: String, Sendable, Hashable, CaseIterable {
    case episode
    case show
}
