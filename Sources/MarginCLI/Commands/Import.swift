import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteTransfer

extension MarginCommand {
    /// `margin import FILE|-`: all or nothing, idempotent by note id.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import notes from a json or jsonl export (- for stdin); all or nothing, idempotent by id.",
            discussion: """
                A note whose id exists is replaced when the imported updated_at is newer, and otherwise kept: \
                counted unchanged when the record says the same, and as a conflict (its id listed) when it \
                says something else. One bad record anywhere means nothing is written.
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: "The export to read, or - for stdin.", completion: .file(extensions: ["json", "jsonl"])) var file: String
        @Flag(name: .shortAndLong, help: "Print the counts as JSON: {\"added\":N,\"updated\":N,\"unchanged\":N,\"conflicts\":N}.") var json = false

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
                try Console.out("""
                    {"added":\(counts.added),"updated":\(counts.updated),"unchanged":\(counts.unchanged),"conflicts":\(counts.conflicts)}
                    """)
            } else {
                try Console.out("Imported: \(counts.added) added, \(counts.updated) updated, \(counts.unchanged) unchanged, \(Plural.of(counts.conflicts, "conflict")).")
                if counts.conflicts > 0 { Console.err(Self.conflictReport(counts)) }
            }
        }
    }
}

extension MarginCommand.Import {
    /// Which notes kept their stored version although the import said something else.
    static func conflictReport(_ counts: ImportCounts) -> String {
        let ids = counts.conflictIDs.map { String($0.prefix(8)) }.joined(separator: " ")
        let more = counts.conflicts > counts.conflictIDs.count ? " and \(counts.conflicts - counts.conflictIDs.count) more" : ""
        return """
            margin: kept the stored version of \(counts.conflicts) \(counts.conflicts == 1 ? "note" : "notes") whose imported \
            version differs but is not newer: \(ids)\(more). 'margin show ID' shows the stored one
            """
    }
}

enum ImportFileError: MarginError {
    case unreadable(String)
    var errorDescription: String? {
        if case .unreadable(let path) = self { return "cannot read '\(path)'; give a file exported by 'margin export', or - for stdin" }
        return nil
    }
}
