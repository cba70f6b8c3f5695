import ArgumentParser
import MarginConfig
import MarginViews
import NoteStore

extension MarginCommand {
    /// `margin search QUERY`: full-text search, best match first.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", abstract: "Search note text, best match first.")

        @OptionGroup var store: StoreOptions
        @Argument(help: "Words to find (all must match); \"a phrase\" and prefix* work.") var query: [String]
        @Option(name: [.customShort("n"), .long], help: "At most this many results.") var limit: Int = 20
        @Flag(name: .shortAndLong, help: "Print a JSON array of note objects, best match first.") var json = false

        func validate() throws {
            guard (1...1000).contains(limit) else { throw ValidationError("--limit must be from 1 to 1000, e.g. --limit 20") }
            guard !query.joined().trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("give words to search for, e.g. margin search cache") }
        }

        func run() async throws {
            let hits = try store.open(try Settings()).search(query.joined(separator: " "), limit: limit)
            if json {
                try Console.out(NoteList.json(hits.map(\.note)))
                return
            }
            guard !hits.isEmpty else {
                Console.err("No notes match.")
                return
            }
            for hit in hits {
                let where_ = hit.note.pin.map { "\(NoteView.heading($0)) @ \(hit.note.position ?? "")" } ?? "unpinned"
                try Console.out("\(hit.note.id.prefix(8))  \(where_)\n    \(Terminal.sanitize(hit.snippet).replacingOccurrences(of: "\u{FFFD}", with: " "))")
            }
        }
    }
}
