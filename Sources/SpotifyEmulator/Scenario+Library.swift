/// The scenario's podcast library: more shows than the built-in two, resume points, episodes
/// missing in the user's market, and whether batch look-ups are allowed.
extension Scenario {
    /// What the emulated account's library looks like beyond the built-in catalog.
    public struct Library: Codable, Sendable, Equatable {
        /// Shows generated after the built-in ones (deterministic ids and names, some of them
        /// non-ASCII or long), each saved in the user's library.
        public var generatedShows: Int
        /// Episodes in each generated show.
        public var episodesPerShow: Int
        /// Where the user left episodes: `resume_point` before the player has touched them.
        public var resumePoints: [String: ResumePosition]
        /// Episodes not available in the user's market: 404 alone, `null` in a batch.
        public var unavailableEpisodes: [String]
        /// Whether `GET /episodes?ids=` answers; false answers ``batchRefusal``, as Spotify does
        /// for development-mode apps since 2026.
        public var batchLookups: Bool
        /// The status a refused batch look-up gets: 403 (development mode), or 404 as some
        /// accounts and markets see.
        public var batchRefusal: Int

        public init(generatedShows: Int = 0, episodesPerShow: Int = 20, resumePoints: [String: ResumePosition] = [:],
                    unavailableEpisodes: [String] = [], batchLookups: Bool = true, batchRefusal: Int = 403) {
            self.generatedShows = generatedShows
            self.episodesPerShow = episodesPerShow
            self.resumePoints = resumePoints
            self.unavailableEpisodes = unavailableEpisodes
            self.batchLookups = batchLookups
            self.batchRefusal = batchRefusal
        }

        enum CodingKeys: String, CodingKey {
            case generatedShows = "generated_shows"
            case episodesPerShow = "episodes_per_show"
            case resumePoints = "resume_points"
            case unavailableEpisodes = "unavailable_episodes"
            case batchLookups = "batch_lookups"
            case batchRefusal = "batch_refusal"
        }

        public init(from decoder: any Decoder) throws {
            let defaults = Library()
            let c = try decoder.container(keyedBy: CodingKeys.self)
            generatedShows = try c.decodeIfPresent(Int.self, forKey: .generatedShows) ?? defaults.generatedShows
            episodesPerShow = try c.decodeIfPresent(Int.self, forKey: .episodesPerShow) ?? defaults.episodesPerShow
            resumePoints = try c.decodeIfPresent([String: ResumePosition].self, forKey: .resumePoints) ?? [:]
            unavailableEpisodes = try c.decodeIfPresent([String].self, forKey: .unavailableEpisodes) ?? []
            batchLookups = try c.decodeIfPresent(Bool.self, forKey: .batchLookups) ?? defaults.batchLookups
            batchRefusal = try c.decodeIfPresent(Int.self, forKey: .batchRefusal) ?? defaults.batchRefusal
        }

        /// Limits that keep a scenario's catalog small enough to build at once.
        func validate(in catalog: Catalog) throws(ScenarioError) {
            guard (0...1_000).contains(generatedShows) else {
                throw ScenarioError("library.generated_shows must be from 0 to 1000, got \(generatedShows)")
            }
            guard (1...500).contains(episodesPerShow) else {
                throw ScenarioError("library.episodes_per_show must be from 1 to 500, got \(episodesPerShow)")
            }
            guard generatedShows * episodesPerShow <= 20_000 else {
                throw ScenarioError("library: at most 20000 generated episodes, got \(generatedShows * episodesPerShow)")
            }
            for id in resumePoints.keys.sorted() + unavailableEpisodes where catalog.episode(id) == nil {
                throw ScenarioError("library episode \"\(id)\" is not an episode of the catalog (GET /emulator/catalog lists them)")
            }
            guard [403, 404].contains(batchRefusal) else {
                throw ScenarioError("library.batch_refusal must be 403 or 404, got \(batchRefusal)")
            }
            for (id, point) in resumePoints where point.positionMs < 0 {
                throw ScenarioError("library.resume_points[\"\(id)\"].position_ms must not be negative")
            }
        }
    }

    /// Where the user stopped in an episode.
    public struct ResumePosition: Codable, Sendable, Equatable {
        public var positionMs: Int
        public var fullyPlayed: Bool

        public init(positionMs: Int, fullyPlayed: Bool = false) {
            self.positionMs = positionMs
            self.fullyPlayed = fullyPlayed
        }

        enum CodingKeys: String, CodingKey {
            case positionMs = "position_ms"
            case fullyPlayed = "fully_played"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            positionMs = try c.decodeIfPresent(Int.self, forKey: .positionMs) ?? 0
            fullyPlayed = try c.decodeIfPresent(Bool.self, forKey: .fullyPlayed) ?? false
        }
    }
}
