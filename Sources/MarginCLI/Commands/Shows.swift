import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import PodcastLibrary

extension MarginCommand {
    /// `margin shows`: the shows saved in your Spotify library, with your note counts.
    struct Shows: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shows",
            abstract: "List the shows saved in your Spotify library, with how many notes you have on each.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Flag(name: .shortAndLong, help: "Print a JSON array of show objects.") var json = false

        func run() async throws {
            let settings = try Settings()
            let library = PodcastLibrary(store: try store.open(settings), api: try settings.connection(verbose: global.verbose).api,
                                         market: settings.market)
            let shows = try await library.savedShows()
            if json {
                try Console.out(LibraryJSON.array(shows.map(LibraryJSON.show)))
                return
            }
            guard !shows.isEmpty else {
                Console.err("No saved shows in your Spotify library. Find one with: margin find \"a podcast\"")
                return
            }
            try Console.out(shows.map(LibraryView.showRow).joined(separator: "\n"))
        }
    }
}
