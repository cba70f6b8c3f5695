import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import PodcastLibrary
import SpotifyClient
import SpotifyLinks

extension MarginCommand {
    /// `margin jump ID`: plays the note's episode from a few seconds before its moment.
    struct Jump: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "jump",
            abstract: "Play a note's episode from its moment (Premium); --link or a free account prints the link instead.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(help: "Print the open.spotify.com link instead of playing.") var link = false
        @Option(help: "Seconds of lead-in before the note's moment.") var lead: Int = 5

        func validate() throws {
            guard (0...600).contains(lead) else { throw ValidationError("--lead must be from 0 to 600 seconds, e.g. --lead 5") }
        }

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            let note = try database.resolve(prefix: id)
            guard let pin = note.pin else { throw JumpFailure.unpinned(String(note.id.prefix(8))) }
            let start = max(pin.progressMs - lead * 1000, 0)
            let url = SpotifyLink.item(pin.itemType, pin.itemID, atMs: start)
            if link {
                try Console.out(url)
                return
            }
            let api = try settings.connection(verbose: global.verbose).api
            var name = pin.itemName
            if pin.itemType == "episode" {
                // A note pinned while Spotify was out of reach has no name yet: the cache's, else Spotify's.
                name = try await PodcastLibrary(store: database, api: api, market: settings.market)
                    .episodeName(pin.itemID, known: pin.itemName)
            }
            try await playback.play(api, uri: pin.itemURI, from: start, name: name ?? pin.itemURI, link: url, doing: "jumping")
            store.positionMoved(settings, episode: pin.itemType == "episode" ? pin.itemID : nil)
        }
    }
}

enum JumpFailure: MarginError {
    case unpinned(String)
    var errorDescription: String? {
        if case .unpinned(let id) = self { return "note \(id) is not pinned to a moment. Pin it: margin pin \(id) --episode EPISODE --at TIME" }
        return nil
    }
}
