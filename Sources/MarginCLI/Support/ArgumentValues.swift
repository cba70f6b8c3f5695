import ArgumentParser
import Foundation

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

/// An episode or show typed on the command line (see ``SpotifyRef``), of the kind the type names.
protocol RefArgument: ExpressibleByArgument, Sendable {
    static var kind: SpotifyRef.Kind { get }
    var ref: SpotifyRef { get }
    init(ref: SpotifyRef)
}

extension RefArgument {
    var id: String { ref.id }

    init?(argument: String) {
        guard let ref = SpotifyRef(parsing: argument, as: Self.kind) else { return nil }
        self.init(ref: ref)
    }

    static func argument(_ raw: String) throws -> Self {
        guard let value = Self(argument: raw) else {
            throw ArgumentProblem(description: "expected \(kind == .episode ? "an" : "a") \(kind.rawValue): \(SpotifyRef.examples(kind))")
        }
        return value
    }
}

struct EpisodeRef: RefArgument {
    static let kind = SpotifyRef.Kind.episode
    let ref: SpotifyRef
}

struct ShowRef: RefArgument {
    static let kind = SpotifyRef.Kind.show
    let ref: SpotifyRef
}

/// A DATE typed on the command line, resolved against the clock when it is parsed.
struct DateArgument: ExpressibleByArgument, Sendable, Equatable {
    let date: Date

    init?(argument: String) {
        guard let date = DateValue.parse(argument) else { return nil }
        self.date = date
    }

    static func argument(_ raw: String) throws -> DateArgument {
        guard let value = DateArgument(argument: raw) else {
            throw ArgumentProblem(description: "expected a date like \(DateValue.examples)")
        }
        return value
    }
}
