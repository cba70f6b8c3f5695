import ArgumentParser
import Foundation
import MarginViews
import NoteStore

/// Why a value typed on the command line is not what the option takes; the parser prints it
/// after the value and the option's name, and exits with the usage code.
struct ArgumentProblem: Error, CustomStringConvertible {
    let description: String
}

extension TimeValue: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }

    /// Parses a TIME argument, or says what a TIME looks like.
    static func argument(_ raw: String) throws -> TimeValue {
        if let value = TimeValue(parsing: raw) { return value }
        if raw.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
            throw ArgumentProblem(description: "a position counts from the start of the episode and cannot be negative; use \(examples)")
        }
        throw ArgumentProblem(description: "expected a time like \(examples)")
    }
}

/// An episode or show typed on the command line (see ``SpotifyRef``), of the kind the type
/// names, or the name of one margin knows: from the notes, or listed by `shows`, `episodes`
/// or `find` (resolved against the store by ``id(in:)``).
protocol RefArgument: ExpressibleByArgument, Sendable {
    static var kind: SpotifyRef.Kind { get }
    /// The reference, when the text was one.
    var ref: SpotifyRef? { get }
    /// The text, when it was a name instead.
    var name: String? { get }
    init(ref: SpotifyRef?, name: String?)
}

extension RefArgument {
    init?(argument: String) {
        if let ref = SpotifyRef(parsing: argument, as: Self.kind) {
            self.init(ref: ref, name: nil)
            return
        }
        // What looks like a link, a URI or an id of the wrong kind is a mistake, not a name.
        let text = argument.trimmingCharacters(in: .whitespaces)
        let lowered = text.lowercased()
        guard !text.isEmpty, text.count <= 512, !lowered.hasPrefix("spotify:"), !lowered.hasPrefix("http://"),
              !lowered.hasPrefix("https://") else { return nil }
        self.init(ref: nil, name: text)
    }

    static func argument(_ raw: String) throws -> Self {
        guard let value = Self(argument: raw) else {
            throw ArgumentProblem(description: "expected \(kind == .episode ? "an" : "a") \(kind.rawValue): \(SpotifyRef.examples(kind)), or the name of one margin knows")
        }
        return value
    }

    /// The item's id: the reference's, or that of the one \(kind) margin knows whose name
    /// matches: the names the notes carry first, then those the library cache holds.
    /// The store is read only for a name: a reference costs nothing.
    func id(in database: @autoclosure () throws -> NoteDatabase) throws -> String {
        if let ref { return ref.id }
        let database = try database()
        let name = name ?? ""
        let annotated = Self.kind == .show ? try database.annotatedShows() : try database.annotatedEpisodes()
        let listed = Self.kind == .show ? try database.knownShows() : try database.knownEpisodes()
        let items = annotated.compactMap { item in item.name.map { KnownName(id: item.id, name: $0) } } + listed
        let kind = Self.kind.rawValue
        guard let item = try NameMatch.one(name, kind: kind, in: items, name: \.name, id: \.id) else {
            throw NameMatchFailure.none(kind: kind, name: name,
                                        remedy: "give its id or link, or list it first ('margin \(kind)s', 'margin find')")
        }
        return item.id
    }

    /// How the argument reads back to the user: the URI, or the name as typed.
    var display: String { ref?.uri ?? name ?? "" }
}

struct EpisodeRef: RefArgument {
    static let kind = SpotifyRef.Kind.episode
    let ref: SpotifyRef?
    let name: String?
}

struct ShowRef: RefArgument {
    static let kind = SpotifyRef.Kind.show
    let ref: SpotifyRef?
    let name: String?
}

/// A DATE typed on the command line, resolved against the clock when it is parsed.
struct DateArgument: ExpressibleByArgument, Sendable, Equatable {
    /// The start of what was typed: the moment `--since` counts from.
    let date: Date
    /// The span the words name (a whole day for `yesterday`, a week for `last week`).
    let range: Range<Date>
    /// The moment `--until` keeps notes before (``DateValue/end(_:now:timeZone:)``).
    let end: Date
    /// The words as typed.
    let typed: String

    init?(argument: String) {
        let now = Date()
        guard let range = DateValue.range(argument, now: now), let end = DateValue.end(argument, now: now) else { return nil }
        self.date = range.lowerBound
        self.range = range
        self.end = end
        self.typed = argument
    }

    static func argument(_ raw: String) throws -> DateArgument {
        guard let value = DateArgument(argument: raw) else {
            throw ArgumentProblem(description: "expected a date like \(DateValue.examples)")
        }
        return value
    }

    /// What `--since` resolved to, for `--verbose`: the local time and the UTC instant compared.
    func resolved(as option: String) -> String {
        let zone = TimeZone.current.identifier
        return "\(option) \(Terminal.sanitize(typed)) means from \(LocalTime.day(date)) \(LocalTime.clock(date)) \(zone) "
            + "(\(Timestamp.string(date))); the words name \(LocalTime.day(range.lowerBound)) \(LocalTime.clock(range.lowerBound)) "
            + "to \(LocalTime.day(range.upperBound)) \(LocalTime.clock(range.upperBound))"
    }

    /// What `--until` resolved to, for `--verbose`: the first moment left out, local and UTC.
    func resolvedEnd() -> String {
        "--until \(Terminal.sanitize(typed)) means before \(LocalTime.day(end)) \(LocalTime.clock(end)) \(TimeZone.current.identifier) "
            + "(\(Timestamp.string(end)))"
    }
}
