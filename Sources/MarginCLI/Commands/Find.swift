import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import PodcastLibrary
import SpotifyClient

extension MarginCommand {
    /// `margin find QUERY`: Spotify's catalog search for podcasts.
    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find",
            abstract: "Search Spotify for podcast shows and episodes.",
            discussion: "Searches in the market of config 'market' (else your account's). The ids work with margin play, episodes --show and --episode.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Argument(help: "What to search for.") var query: [String]
        @Option(name: .customLong("type"), help: "show or episode (default: both).",
                completion: ChoiceArgument.completion(SearchType.self),
                transform: { try ChoiceArgument.parse($0) }) var type: SearchType?
        @Option(name: [.customShort("n"), .long], help: "At most this many of each type.") var limit: Int = 10
        @Flag(name: .shortAndLong, help: "Print a JSON array of show and episode objects (each with \"type\").") var json = false

        func validate() throws {
            if words.isEmpty { throw ValidationError("give something to search for, e.g. margin find \"naming things\"") }
            guard (1...50).contains(limit) else { throw ValidationError("--limit must be from 1 to 50, e.g. --limit 10") }
        }

        private var words: String { query.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

        func run() async throws {
            let settings = try Settings()
            let library = PodcastLibrary(store: try store.open(settings), api: try settings.connection(verbose: global.verbose).api,
                                         market: settings.market)
            let items = try await library.search(words, types: type.map { [$0] } ?? [.show, .episode], limit: limit)
            if json {
                try Console.out(LibraryJSON.array(items.map { item in
                    switch item {
                    case .show(let show): LibraryJSON.show(show)
                    case .episode(let episode): LibraryJSON.episode(episode)
                    }
                }))
                return
            }
            guard !items.isEmpty else {
                Console.err("Spotify found nothing for '\(Terminal.sanitize(words))'.")
                return
            }
            var lines: [String] = []
            let shows = items.compactMap { if case .show(let show) = $0 { show } else { nil } }
            let episodes = items.compactMap { if case .episode(let episode) = $0 { episode } else { nil } }
            if !shows.isEmpty { lines += ["Shows"] + shows.map(LibraryView.showRow) }
            if !episodes.isEmpty { lines += (lines.isEmpty ? [] : [""]) + ["Episodes"] + LibraryView.episodeRows(episodes, withShow: false) }
            try Console.out(lines.joined(separator: "\n"))
        }
    }
}

extension SearchType: ExpressibleByArgument {}
