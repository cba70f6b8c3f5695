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
            discussion: "-o writes a temporary file and renames it, so a failed export never leaves half a file.")

        @OptionGroup var store: StoreOptions
        @Option(help: "json, jsonl, csv or markdown.") var format: ExportFormat = .json
        @Option(help: "Only this episode's notes.", transform: EpisodeRef.argument) var episode: EpisodeRef?
        @Option(help: "Only this show's notes.", transform: ShowRef.argument) var show: ShowRef?
        @Option(help: "Only notes with this tag.") var tag: String?
        @Option(help: "Only notes taken since: \(DateValue.examples).", transform: DateArgument.argument) var since: DateArgument?
        @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.") var output: String?

        func run() async throws {
            let database = try store.open(try Settings())
            let filter = NoteFilter(itemID: episode?.id, showID: show?.id, tag: tag, since: since?.date)
            guard let output else {
                let stdout = FileHandle.standardOutput
                try database.export(filter, format: format) { stdout.write($0) }
                return
            }
            try AtomicFile.write(to: output) { sink in try database.export(filter, format: format, to: sink) }
        }
    }
}
