import ArgumentParser
import Foundation
import NoteStore
import SpotifyClient

extension MarginCommand {
    /// `margin list`: notes, newest first; an episode's notes in playback order.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List notes, newest first; with --episode, the episode's notes in playback order.",
            discussion: """
                Without --episode, notes are grouped by episode, the episode of the newest note first, and each \
                episode's notes are in playback order. Bare --episode means the episode playing now: \
                margin list --episode
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Flag(help: "Only one episode's notes, in playback order: REF, or the one playing now.") var episode = false
        @Argument(help: ArgumentHelp("The episode for --episode.", valueName: "ref")) var ref: String?
        @Option(help: "Only this show's notes.") var show: String?
        @Option(help: "Only notes with this tag.") var tag: String?
        @Option(help: "Only notes taken since: \(DateValue.examples).") var since: String?
        @Option(help: "At most this many notes.") var limit: Int?
        @Flag(help: "Print a JSON array of note objects.") var json = false

        func validate() throws {
            if let ref {
                guard episode else { throw ValidationError("a REF needs --episode: margin list --episode \(ref)") }
                guard SpotifyRef(parsing: ref, as: .episode) != nil else {
                    throw ValidationError("'\(ref)' is not an episode; use \(SpotifyRef.examples(.episode))")
                }
            }
            if let show, SpotifyRef(parsing: show, as: .show) == nil {
                throw ValidationError("'\(show)' is not a show; use \(SpotifyRef.examples(.show))")
            }
            if let since, DateValue.parse(since) == nil { throw ValidationError("'\(since)' is not a date; use \(DateValue.examples)") }
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, e.g. --limit 20") }
        }

        func run() async throws {
            let settings = try Settings()
            var filter = NoteFilter(showID: show.flatMap { SpotifyRef(parsing: $0, as: .show)?.id }, tag: tag,
                                    since: since.flatMap { DateValue.parse($0) }, limit: limit)
            if episode {
                filter.itemID = try await episodeID(settings)
            }
            let notes = try store.open(settings).notes(filter)
            if json {
                try Console.out(NoteList.json(notes))
            } else if notes.isEmpty {
                Console.err("No notes\(filter.itemID != nil ? " for this episode" : "") yet.")
            } else {
                try Console.out(NoteView.table(notes, width: Console.stdoutIsTerminal ? Terminal.width() : nil))
            }
        }

        /// REF's id, or the item playing now (one request).
        private func episodeID(_ settings: Settings) async throws -> String {
            if let ref, let parsed = SpotifyRef(parsing: ref, as: .episode) { return parsed.id }
            let api = try settings.connection(verbose: global.verbose).api
            guard let snapshot = try await api.currentlyPlaying(), let id = snapshot.itemID else {
                throw PlaybackFailure.nothingPlaying
            }
            return id
        }
    }
}
