import ArgumentParser
import Foundation
import NoteStore
import NoteTransfer

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
        @Option(help: "Only this episode's notes.", transform: EpisodeRef.argument) var episode: EpisodeRef?
        @Option(help: "Only this show's notes.", transform: ShowRef.argument) var show: ShowRef?
        @Option(help: "Only notes with this tag.") var tag: String?
        @Option(help: "Only notes taken since: \(DateValue.examples).", transform: DateArgument.argument) var since: DateArgument?
        @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.") var output: String?

        func run() async throws {
            let database = try store.open(try Settings())
            let filter = NoteFilter(itemID: try episode?.id(in: database), showID: try show?.id(in: database), tag: tag, since: since?.date)
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
