import ArgumentParser
import Foundation
import NoteStore

extension MarginCommand {
    /// `margin import FILE|-`: all or nothing, idempotent by note id.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import notes from a json or jsonl export (- for stdin); all or nothing, idempotent by id.",
            discussion: """
                A note whose id exists is left alone when identical or older, and replaced when the imported \
                updated_at is newer. One bad record anywhere means nothing is written.
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: "The export to read, or - for stdin.") var file: String
        @Flag(help: "Print the counts as JSON: {\"added\":N,\"updated\":N,\"unchanged\":N}.") var json = false

        func run() async throws {
            let database = try store.open(try Settings())
            let counts: ImportCounts
            if file == "-" {
                counts = try database.importNotes(from: FileHandle.standardInput.readDataToEndOfFile())
            } else {
                guard FileManager.default.isReadableFile(atPath: file) else { throw ImportFileError.unreadable(file) }
                counts = try database.importNotes(fromFile: file)
            }
            if json {
                try Console.out("{\"added\":\(counts.added),\"updated\":\(counts.updated),\"unchanged\":\(counts.unchanged)}")
            } else {
                try Console.out("Imported: \(counts.added) added, \(counts.updated) updated, \(counts.unchanged) unchanged.")
            }
        }
    }
}

enum ImportFileError: Error, LocalizedError {
    case unreadable(String)
    var errorDescription: String? {
        if case .unreadable(let path) = self { return "cannot read '\(path)'; give a file exported by 'margin export', or - for stdin" }
        return nil
    }
}
