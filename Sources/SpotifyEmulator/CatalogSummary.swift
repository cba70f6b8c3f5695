/// The ids and names of the built-in catalog (`GET /emulator/catalog`).
public struct CatalogSummary: Codable, Sendable, Equatable {
    public var shows: [Show]
    public var tracks: [Track]

    /// A show and its episodes, newest first.
    public struct Show: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var episodes: [Episode]
    }

    /// An episode's id, name and length.
    public struct Episode: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var durationMs: Int

        enum CodingKeys: String, CodingKey {
            case id, name
            case durationMs = "duration_ms"
        }
    }

    /// A track's id, name, artists and length.
    public struct Track: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var artists: [String]
        public var durationMs: Int

        enum CodingKeys: String, CodingKey {
            case id, name, artists
            case durationMs = "duration_ms"
        }
    }

    /// The built-in catalog's summary.
    public static let builtIn = CatalogSummary(Catalog.builtIn)

    /// The summary of a catalog: every show with its episodes, and the tracks.
    init(_ catalog: Catalog) {
        shows = catalog.shows.map { show in
            Show(id: show.id, name: show.name, episodes: show.episodes.map {
                Episode(id: $0.id, name: $0.name, durationMs: $0.durationMs)
            })
        }
        tracks = catalog.tracks.map {
            Track(id: $0.id, name: $0.name, artists: $0.artists.map(\.name), durationMs: $0.durationMs)
        }
    }
}
