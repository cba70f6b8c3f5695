import ArgumentParser
import FileSafety
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteTransfer

extension ExportFormat: ExpressibleByArgument {}

extension MarginCommand {
    /// `margin export`: notes for scripts and note apps, streamed from the store.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export notes as JSON, JSON Lines, CSV, Markdown, Readwise CSV (stdout unless -o) or an Obsidian folder (--dir).",
            discussion: """
                -o writes a regular file through a temporary file and a rename, so a failed export never leaves \
                half a file; a device or FIFO (/dev/null, /dev/stdout) is written in place, and a symlink is \
                followed, never replaced. On a terminal, control characters in notes are replaced. \
                --format obsidian --dir DIR writes one Markdown file per episode into DIR, each replaced \
                atomically; a re-export updates margin's front matter keys and the block between \
                <!-- margin:begin --> and <!-- margin:end --> and keeps everything else in the file.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "What to write: json, jsonl, csv, markdown, readwise (the CSV of Readwise's import) or obsidian (a folder of files, --dir).",
                completion: ChoiceArgument.completion(ExportFormat.self), transform: { try ChoiceArgument.parse($0) })
        var format: ExportFormat = .json
        @Option(name: .shortAndLong, help: "Only this episode's notes.", transform: EpisodeRef.argument) var episode: EpisodeRef?
        @Option(help: "Only this show's notes.", transform: ShowRef.argument) var show: ShowRef?
        @Option(name: .shortAndLong, help: "Only notes with this tag.") var tag: String?
        @OptionGroup var dates: DateRangeOptions
        @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.", completion: .file()) var output: String?
        @Option(help: ArgumentHelp("The folder --format obsidian writes its files to.", valueName: "dir"),
                completion: .directory) var dir: String?

        func validate() throws {
            if format.writesDirectory {
                if output != nil {
                    throw ValidationError("-o writes one file, and --format obsidian one file per episode: use --dir DIR instead")
                }
                if dir == nil { throw ValidationError("--format obsidian needs the folder to write to, e.g. --dir ~/vault/Podcasts") }
            } else if dir != nil {
                throw ValidationError("""
                    --dir needs --format obsidian: only obsidian writes a folder (one Markdown file per episode); \
                    add --format obsidian, or write --format \(format.rawValue) to one file with -o FILE
                    """)
            }
        }

        func run() async throws {
            let database = try store.open(try Settings())
            try dates.check()
            if global.verbose { dates.report() }
            let filter = NoteFilter(itemID: try episode?.id(in: database), showID: try show?.id(in: database), tag: tag,
                                    since: dates.start, until: dates.end)
            if let dir {
                let summary = try database.exportVault(filter, to: dir) { path, contents in
                    try AtomicFile.write(to: path) { sink in try sink(contents) }
                }
                Console.err("Exported \(summary.files) \(summary.files == 1 ? "file" : "files") to '\(Terminal.sanitize(dir))' "
                    + "(\(summary.created) new, \(summary.updated) updated, \(summary.unchanged) unchanged).")
                return
            }
            guard let output else {
                // Streamed as it is read; on a terminal with control characters replaced.
                var stdout = SafeOutput(.standardOutput)
                try database.export(filter, format: format) { try stdout.write($0) }
                try stdout.finish()
                return
            }
            if output.hasSuffix("/") { try ExportTargetError.checkFolder(output, format: format) }
            do {
                try AtomicFile.write(to: output) { sink in try database.export(filter, format: format, to: sink) }
            } catch let failure as AtomicFile.Failure {
                throw ExportTargetError.explaining(failure, format: format)
            }
        }
    }
}
