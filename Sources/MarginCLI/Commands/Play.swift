import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import PodcastLibrary
import SpotifyClient
import SpotifyLinks

extension MarginCommand {
    /// `margin play REF`: plays an episode, where you stopped unless --at says otherwise.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Play an episode (Premium): where you stopped, or from --at; REF may be a note id, as for jump.",
            discussion: """
                REF is an episode id or link, a note's id (or a unique prefix: plays from the note's moment, as \
                margin jump does), or the name of an episode margin knows: one you have notes on, or one \
                'margin episodes' or 'margin find' listed (the whole name, or the start of it). Numbers from a \
                listing are not accepted: scripts rely on ids.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "An episode id or link, a note id, or the name of an episode margin knows.") var ref: String
        @Option(help: "Start here: \(TimeValue.examples).", transform: TimeValue.argument) var at: TimeValue?

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            let api = try settings.connection(verbose: global.verbose).api
            let (episodeID, note) = try resolve(database)
            let library = PodcastLibrary(store: database, api: api, market: settings.market)
            let name: String?
            let position: Int
            do {
                if let start = at?.milliseconds ?? note.map({ max($0.progressMs - 5_000, 0) }) {
                    position = start
                    // What the cache or the notes know, asked of Spotify only when neither does.
                    name = try await library.episodeName(episodeID, known: note?.itemName)
                } else {
                    // Where Spotify says the user stopped; a finished episode starts again.
                    let episode = try await library.episode(episodeID).episode
                    name = episode.name
                    position = episode.fullyPlayed == true ? 0 : episode.resumePositionMs ?? 0
                }
            } catch SpotifyError.notFound {
                throw PlayFailure.noSuchEpisode(episodeID)
            }
            let link = SpotifyLink.episode(episodeID, atMs: position)
            do {
                try await playback.play(api, uri: "spotify:episode:\(episodeID)", from: position,
                                        name: name ?? "spotify:episode:\(episodeID)", link: link, doing: "playing")
            } catch SpotifyError.notFound {
                throw PlayFailure.noSuchEpisode(episodeID)
            }
            // Where the user stopped is no longer what the cache says.
            try? database.markEpisodesStale([episodeID])
        }

        /// The episode REF names and, for a note, its pin.
        private func resolve(_ database: NoteDatabase) throws -> (String, NotePin?) {
            if let ref = SpotifyRef(parsing: ref, as: .episode) { return (ref.id, nil) }
            if SpotifyRef(parsing: ref, as: .show) != nil || SpotifyRef(parsing: ref, as: .track) != nil {
                throw ValidationError("margin play takes an episode; for a show, pick one with: margin episodes --show \(ref)")
            }
            if !ref.isEmpty, ref.count < 4, ref.allSatisfy(\.isNumber) {
                throw ValidationError("margin play takes an episode id, link, note id or name, not a number from a listing: margin episodes --json gives the ids")
            }
            if ref.count >= 4, ref.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                do {
                    let note = try database.resolve(prefix: ref)
                    guard let pin = note.pin, pin.itemType == "episode" else { throw JumpFailure.unpinned(String(note.id.prefix(8))) }
                    return (pin.itemID, pin)
                } catch NoteStoreError.notFound {
                    // Not a note: perhaps an episode's name.
                }
            }
            guard let argument = EpisodeRef(argument: ref) else {
                throw ValidationError("'\(Terminal.sanitize(ref))' is not an episode: give \(SpotifyRef.examples(.episode)), a note id, or an episode's name")
            }
            return (try argument.id(in: database), nil)
        }
    }
}

enum PlayFailure: MarginError {
    case noSuchEpisode(String)

    var errorDescription: String? {
        if case .noSuchEpisode(let id) = self { return "Spotify has no episode '\(id)' to play; check the id with 'margin find' or 'margin episodes'" }
        return nil
    }

    var exitStatus: ExitStatus { .notFound }
}
