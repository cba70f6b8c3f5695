/// The built-in catalog: two podcasts and three tracks.
extension Catalog {
    /// The only catalog the emulator serves. Ids are fixed so tests and demos can name them.
    static let builtIn = Catalog(
        shows: [craftCodeCuriosity, tidewaterHistories],
        tracks: tracks,
        savedShows: [
            (showID: "5CfCWKI5pZ28U0uOzXkDHe", addedAt: "2026-03-14T09:21:07Z"),
            (showID: "ads9hyzqka3LUOdrkpxYwu", addedAt: "2026-05-02T18:40:55Z"),
        ],
        savedEpisodes: [
            (episodeID: "512ojhOuo1ktJprKbVcKyQ", addedAt: "2026-09-10T07:12:44Z"),
            (episodeID: "MkO1zqISVAoQPPxXY4WvDZ", addedAt: "2026-09-18T21:03:19Z"),
        ]
    )

    private static let craftCodeCuriosity = Show(
        id: "5CfCWKI5pZ28U0uOzXkDHe",
        name: "Craft, Code & Curiosity",
        publisher: "Lamplight Audio",
        description: "Two working programmers talk about the craft of software: naming, testing, "
            + "reading other people's code and the small habits that make programs easier to live with.",
        language: "en",
        explicit: false,
        episodes: [
            Episode(
                id: "jKhXScw0HeNK2DRf3vAwOi", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                name: "Ep. 44 — The joy of deleting code",
                description: "Why the best pull request removes more than it adds, how to find dead code, "
                    + "and how to convince a team that less is a feature.",
                durationMs: 2_881_000, releaseDate: "2026-10-07"
            ),
            Episode(
                id: "3EN0073pWBRaBavYtttD1S", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                name: "Ep. 43 — Error messages are UI",
                description: "An error message is the one screen every user reads. We rewrite a dozen real "
                    + "messages so they say what happened, why, and what to do next.",
                durationMs: 3_312_000, releaseDate: "2026-09-23"
            ),
            Episode(
                id: "512ojhOuo1ktJprKbVcKyQ", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                name: "Ep. 42 — Naming things",
                description: "The second hardest problem in computer science, taken seriously: names that "
                    + "read like sentences, when to rename, and the cost of a clever abbreviation.",
                durationMs: 3_723_000, releaseDate: "2026-09-09"
            ),
            Episode(
                id: "nsYiarCFc3eJMp2aXkZNGZ", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                name: "Ep. 41 — Tests that read like sentences",
                description: "Test names as documentation, one behaviour per test, and why a failing test "
                    + "should tell you what broke before you open the file.",
                durationMs: 2_467_000, releaseDate: "2026-08-26"
            ),
            Episode(
                id: "M9txf31enTLL8Dic0CkXp0", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                name: "Ep. 40 — The command line is a conversation",
                description: "Designing command-line tools that answer like a helpful colleague: exit codes, "
                    + "quiet success, loud failure and output that other programs can read.",
                durationMs: 4_268_000, releaseDate: "2026-08-12"
            ),
        ]
    )

    private static let tidewaterHistories = Show(
        id: "ads9hyzqka3LUOdrkpxYwu",
        name: "Tidewater Histories",
        publisher: "Harbour Street Audio",
        description: "Stories from the edge of the sea: keepers, sailors, fishers and mapmakers, "
            + "told from letters, logbooks and the places they left behind.",
        language: "en-GB",
        explicit: false,
        episodes: [
            Episode(
                id: "kODGd9wu8KuW6Hyt1HWbbN", showID: "ads9hyzqka3LUOdrkpxYwu",
                name: "The lighthouse keepers' logbooks",
                description: "Two hundred years of weather, shipwrecks and boredom, written down one watch "
                    + "at a time by the keepers of a rock lighthouse.",
                durationMs: 2_290_000, releaseDate: "2026-10-01"
            ),
            Episode(
                id: "lWrdXpwSDba7jJOWzHCOcd", showID: "ads9hyzqka3LUOdrkpxYwu",
                name: "Salt, cod and the first global trade",
                description: "How a dried fish fed empires, paid for wars and tied the ports of the "
                    + "North Atlantic into one market.",
                durationMs: 3_141_000, releaseDate: "2026-09-17"
            ),
            Episode(
                id: "MkO1zqISVAoQPPxXY4WvDZ", showID: "ads9hyzqka3LUOdrkpxYwu",
                name: "When the river froze: the winter of 1709",
                description: "The Great Frost closed harbours across Europe. We follow the people who "
                    + "walked on the sea and the ones who could not wait for the thaw.",
                durationMs: 1_634_000, releaseDate: "2026-09-03"
            ),
            Episode(
                id: "8j0Gr96mNgxjo0EPKPrKDK", showID: "ads9hyzqka3LUOdrkpxYwu",
                name: "Mapping the coast before satellites",
                description: "Lead lines, triangulation and stubborn surveyors: the long work of drawing "
                    + "a coastline accurately enough to sail by.",
                durationMs: 5_190_000, releaseDate: "2026-08-20"
            ),
        ]
    )

    private static let ambroseLane = Artist(id: "XWlrrYdnm7AwG9JkgmWtFe", name: "Ambrose Lane")
    private static let harbourLights = Artist(id: "6Apr0loQL5UHiCDHerAIgM", name: "The Harbour Lights")
    private static let miraOkafor = Artist(id: "qzKxoBX99D21qVAfhsWgb3", name: "Mira Okafor")
    private static let tomasVeld = Artist(id: "w7I251MIkSx4qLOHRQOJwd", name: "Tomas Veld")

    private static let tracks = [
        Track(
            id: "SsCvVfASeDQjBKYSTL3Snb", name: "Quiet Hours", artists: [ambroseLane],
            album: Album(id: "QDfU36RAXqqTkhDSMWRTOn", name: "Low Light", albumType: "album",
                         releaseDate: "2025-11-14", totalTracks: 10, artists: [ambroseLane]),
            durationMs: 222_000, trackNumber: 3, isrc: "GBLLA2500103", popularity: 48
        ),
        Track(
            id: "1Et0YUiR1tPlp5MmP75CQd", name: "Paper Boats", artists: [harbourLights],
            album: Album(id: "uYGoUdljBtN5OZC9vDTabL", name: "Paper Boats", albumType: "single",
                         releaseDate: "2024-06-21", totalTracks: 1, artists: [harbourLights]),
            durationMs: 195_000, trackNumber: 1, isrc: "IEHLT2400001", popularity: 61
        ),
        Track(
            id: "rVtZOI9M7tuiHWv18aG91w", name: "Night Bus", artists: [miraOkafor, tomasVeld],
            album: Album(id: "63qqOhMmmZkzCe0YmHaRgW", name: "City at Rest", albumType: "album",
                         releaseDate: "2026-02-06", totalTracks: 9, artists: [miraOkafor]),
            durationMs: 248_000, trackNumber: 5, isrc: "NLMOK2600005", popularity: 37
        ),
    ]
}
