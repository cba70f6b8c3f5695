import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore

extension MarginCommand {
    /// `margin search QUERY`: full-text search, best match first.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", abstract: "Search notes' text, tags and episode and show names, best match first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Argument(parsing: .allUnrecognized, help: """
            Words to find: all must match, in any form (caches finds cache); "a phrase", prefix*, \
            a OR b, and -word to leave notes out.
            """) var query: [String]
        @Option(name: [.customShort("n"), .long], help: "At most this many results.") var limit: Int = 20
        @OptionGroup var dates: DateRangeOptions
        @Flag(name: .shortAndLong, help: "Print a JSON array of note objects, best match first.") var json = false
        @OptionGroup var paging: PagerOptions

        func validate() throws {
            guard (1...1000).contains(limit) else { throw ValidationError("--limit must be from 1 to 1000, e.g. --limit 20") }
            guard !query.joined().trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("give words to search for, e.g. margin search cache") }
            // Words are taken whatever their dashes (-word leaves notes out), but a --word is an
            // option mistyped, not something to look for.
            if let unknown = query.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
                throw ValidationError("unknown option '\(unknown)'; see margin search --help (to look for it, quote it: margin search '\"\(unknown)\"')")
            }
            guard !SearchQuery.onlyExcludes(query.joined(separator: " ")) else {
                throw ValidationError("give a word to find as well as the -words to leave out, e.g. margin search cache -redis")
            }
        }

        func run() async throws {
            try dates.check()
            if global.verbose { dates.report() }
            let settings = try Settings()
            let database = try store.open(settings)
            let words = query.joined(separator: " ")
            let hits = try database.search(words, limit: limit, since: dates.start, until: dates.end)
            // A full page may not be all: say how many match (stderr, so scripts read only notes).
            if hits.count == limit,
               case let total = try database.searchCount(words, since: dates.start, until: dates.end, upTo: Self.countCap), total > limit {
                Console.err("showing \(limit) of \(Self.total(total)) (--limit to see more)")
            }
            if json {
                try Console.out(NoteList.json(hits.map(\.note)))
                return
            }
            guard !hits.isEmpty else {
                Console.err(try Self.noMatch(words, in: database, since: dates.start, until: dates.end))
                return
            }
            let pager = paging.start(environment: settings.environment)
            defer { pager?.finish() }
            for hit in hits {
                let where_ = hit.note.pin.map { "\(NoteView.heading($0)) @ \(hit.note.position ?? "")" } ?? "unpinned"
                try Console.out("\(hit.note.id.prefix(8))  \(where_)\n    \(Terminal.sanitize(hit.snippet).replacingOccurrences(of: "\u{FFFD}", with: " "))")
            }
        }

        /// What a search that found nothing says: with dates, and notes that match outside
        /// them, the dates as local days and how many match at other times.
        static func noMatch(_ words: String, in database: NoteDatabase, since: Date?, until: Date?) throws -> String {
            guard let dates = LocalTime.range(from: since, before: until),
                  case let elsewhere = try database.searchCount(words, upTo: countCap), elsewhere > 0 else { return "No notes match." }
            return "No notes \(dates) match (\(total(elsewhere)) at other times; try a wider range)."
        }

        /// Matches are counted up to this many (and one more): past it, counting would cost
        /// more than the search, and says "10,000+".
        static let countCap = 10_000

        /// A count from ``countCap``'s counting: the number, or "10,000+".
        static func total(_ count: Int) -> String {
            guard count > countCap else { return String(count) }
            var grouped = ""
            for (index, digit) in String(countCap).reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            return String(grouped.reversed()) + "+"
        }
    }
}
