import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import PodcastLibrary

extension MarginCommand {
    /// `margin episodes`: the episodes you have notes on (and saved), or a show's episodes.
    struct Episodes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "episodes",
            abstract: "List your episodes with their note counts and where you stopped, or a show's episodes.",
            discussion: """
                With no option: the episodes you have notes on, the one with the newest note first, then the \
                episodes saved in your Spotify library. --annotated lists only the first kind, and works offline: \
                what Spotify said of an episode is kept in the store and asked again after an hour (--refresh: now), \
                in requests of 50 episodes. --show lists a show's episodes from Spotify, newest first, with your \
                note counts beside them.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "A show's episodes: an id, a link, or the name of a show margin knows.", transform: ShowRef.argument)
        var show: ShowRef?
        @Flag(help: "Only the episodes you have notes on (the default when Spotify cannot be reached).") var annotated = false
        @Option(name: [.customShort("n"), .long], help: "At most this many episodes (default: all; 50 with --show).") var limit: Int?
        @Flag(help: "Ask Spotify again even for what the store saw less than an hour ago.") var refresh = false
        @Flag(name: .shortAndLong, help: "Print a JSON array of episode objects.") var json = false

        func validate() throws {
            if let limit, !(1...10_000).contains(limit) { throw ValidationError("--limit must be from 1 to 10000, e.g. --limit 20") }
            if show != nil, annotated { throw ValidationError("--show lists a show's episodes from Spotify; for your annotated ones in it, use margin list --show") }
        }

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            let library = PodcastLibrary(store: database, api: try? settings.connection(verbose: global.verbose).api, market: settings.market)
            let episodes: [LibraryEpisode]
            var heading: String?
            if let show {
                let result = try await library.showEpisodes(showID: try show.id(in: database), limit: limit ?? 50)
                episodes = result.episodes
                heading = result.show
            } else {
                let listing = annotated
                    ? try await library.annotatedEpisodes(limit: limit, refresh: refresh)
                    : try await library.yourEpisodes(limit: limit, refresh: refresh)
                if let warning = listing.warning { Console.err("margin: \(warning)") }
                episodes = listing.items
            }
            if json {
                try Console.out(LibraryJSON.array(episodes.map(LibraryJSON.episode)))
                return
            }
            guard !episodes.isEmpty else {
                Console.err(show == nil ? "No episodes yet: take a note while one plays (margin note \"…\")." : "Spotify lists no episodes for this show.")
                return
            }
            if let heading { try Console.out(Terminal.sanitize(heading)) }
            try Console.out(LibraryView.episodeRows(episodes, withShow: show == nil).joined(separator: "\n"))
        }
    }
}
