import ArgumentParser
import Foundation
import NoteStore

extension ExportFormat: ExpressibleByArgument {}

extension MarginCommand {
    /// `margin export`: notes for scripts, streamed from the store.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export notes as JSON, JSON Lines, CSV or Markdown (stdout unless -o).",
            discussion: """
                -o writes a regular file through a temporary file and a rename, so a failed export never leaves \
                half a file; a device or FIFO (/dev/null, /dev/stdout) is written in place, and a symlink is \
                followed, never replaced. On a terminal, control characters in notes are replaced.
                """)

        @OptionGroup var store: StoreOptions
        @Option(help: "json, jsonl, csv or markdown.") var format: ExportFormat = .json
        @Option(help: "Only this episode's notes.") var episode: String?
        @Option(help: "Only this show's notes.") var show: String?
        @Option(help: "Only notes with this tag.") var tag: String?
        @Option(help: "Only notes taken since: \(DateValue.examples).") var since: String?
        @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.") var output: String?

        func validate() throws {
            if let episode, SpotifyRef(parsing: episode, as: .episode) == nil {
                throw ValidationError("'\(episode)' is not an episode; use \(SpotifyRef.examples(.episode))")
            }
            if let show, SpotifyRef(parsing: show, as: .show) == nil {
                throw ValidationError("'\(show)' is not a show; use \(SpotifyRef.examples(.show))")
            }
            if let since, DateValue.parse(since) == nil { throw ValidationError("'\(since)' is not a date; use \(DateValue.examples)") }
        }

        func run() async throws {
            let database = try store.open(try Settings())
            let filter = NoteFilter(itemID: episode.flatMap { SpotifyRef(parsing: $0, as: .episode)?.id },
                                    showID: show.flatMap { SpotifyRef(parsing: $0, as: .show)?.id },
                                    tag: tag, since: since.flatMap { DateValue.parse($0) })
            guard let output else {
                // Streamed as it is read; on a terminal with control characters replaced.
                var stdout = SafeOutput(.standardOutput)
                try database.export(filter, format: format) { try stdout.write($0) }
                try stdout.finish()
                return
            }
            try AtomicFile.write(to: output) { sink in try database.export(filter, format: format, to: sink) }
        }
    }
}
