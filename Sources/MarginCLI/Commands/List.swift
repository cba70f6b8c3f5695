import ArgumentParser
import FileSafety
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteTransfer
import PodcastLibrary
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
        @Flag(name: .shortAndLong, help: "Only one episode's notes, in playback order: REF, or the one playing now.") var episode = false
        @Argument(help: ArgumentHelp("The episode for --episode.", valueName: "ref"), transform: EpisodeRef.argument)
        var ref: EpisodeRef?
        @Option(help: "Only this show's notes.", transform: ShowRef.argument) var show: ShowRef?
        @Option(name: .shortAndLong, help: "Only notes with this tag.") var tag: String?
        @OptionGroup var dates: DateRangeOptions
        @Option(name: [.customShort("n"), .long], help: "At most this many notes.") var limit: Int?
        @Flag(name: .shortAndLong, help: "Print a JSON array of note objects.") var json = false
        @OptionGroup var paging: PagerOptions

        func validate() throws {
            if let ref, !episode { throw ValidationError("a REF needs --episode: margin list --episode \(ref.ref?.id ?? "REF")") }
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, e.g. --limit 20") }
        }

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            try dates.check()
            if global.verbose { dates.report() }
            var filter = NoteFilter(showID: try show?.id(in: database), tag: tag, since: dates.start, until: dates.end, limit: limit)
            var playing: String?
            if episode {
                (filter.itemID, playing) = try await episodeID(settings, database)
            }
            if json {
                var stdout = SafeOutput(.standardOutput)
                try database.listJSON(filter) { try stdout.write($0) }
                try stdout.finish()
                return
            }
            let notes = try database.notes(filter)
            if notes.isEmpty {
                // Names from the store alone: an empty list asks Spotify nothing more.
                let library = PodcastLibrary(store: database, api: nil)
                let episodeName = try filter.itemID.flatMap { try library.knownEpisodeName($0, known: playing) }
                let showName = try filter.showID.flatMap { try library.knownShowName($0) }
                Console.err(Self.emptyMessage(filter, total: try database.count(), episode: episodeName, show: showName))
            } else {
                // The width and the colours are the terminal's, read before the pager takes stdout.
                let width = Console.stdoutIsTerminal ? Terminal.width() : nil
                let palette = ColorOption.palette
                let pager = paging.start(environment: settings.environment)
                defer { pager?.finish() }
                guard palette.enabled else { return try Console.out(NoteView.table(notes, width: width)) }
                // Every part of the table is sanitized already; only margin's own escapes are raw.
                try Console.out(NoteView.table(notes, width: width, palette: palette), filtered: false)
            }
        }

        /// REF's id, or the item playing now (one request) and the name Spotify gives it.
        private func episodeID(_ settings: Settings, _ database: NoteDatabase) async throws -> (String, String?) {
            if let ref { return (try ref.id(in: database), nil) }
            let api = try settings.connection(verbose: global.verbose).api
            guard let snapshot = try await api.currentlyPlaying(), let id = snapshot.itemID else {
                throw PlaybackFailure.nothingPlaying
            }
            return (id, snapshot.itemName)
        }

        /// What an empty list says: that the store is empty, or what the filter asked for, its
        /// dates as local days (``LocalTime/range(from:before:timeZone:)``), and what to try.
        /// `episode` and `show` are the names of the filter's episode and show, when known.
        static func emptyMessage(_ filter: NoteFilter, total: Int, episode: String? = nil, show: String? = nil,
                                 timeZone: TimeZone = .current) -> String {
            guard total > 0 else { return "No notes yet. Take one with: margin note \"your thought\"" }
            var subjects: [String] = []
            if let id = filter.itemID { subjects.append("episode " + (episode.map { "'\(Terminal.sanitize($0))'" } ?? id)) }
            if let id = filter.showID { subjects.append("show " + (show.map { "'\(Terminal.sanitize($0))'" } ?? id)) }
            if let tag = filter.tag { subjects.append("tag '\(Terminal.sanitize(tag))'") }
            var what = subjects.isEmpty ? "" : " for " + subjects.joined(separator: " and ")
            let dates = LocalTime.range(from: filter.since, before: filter.until, timeZone: timeZone)
            if let dates { what += " " + dates }
            return "No notes\(what) (\(total) in all; \(dates == nil ? "'margin list' shows them" : "try a wider range"))."
        }
    }
}
