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

/// An episode typed on the command line (see ``SpotifyRef``).
struct EpisodeRef: ExpressibleByArgument, Sendable, Equatable {
    let ref: SpotifyRef
    var id: String { ref.id }

    init?(argument: String) {
        guard let ref = SpotifyRef(parsing: argument, as: .episode) else { return nil }
        self.ref = ref
    }

    static func argument(_ raw: String) throws -> EpisodeRef {
        guard let value = EpisodeRef(argument: raw) else {
            throw ArgumentProblem(description: "expected an episode: \(SpotifyRef.examples(.episode))")
        }
        return value
    }
}

/// A show typed on the command line (see ``SpotifyRef``).
struct ShowRef: ExpressibleByArgument, Sendable, Equatable {
    let ref: SpotifyRef
    var id: String { ref.id }

    init?(argument: String) {
        guard let ref = SpotifyRef(parsing: argument, as: .show) else { return nil }
        self.ref = ref
    }

    static func argument(_ raw: String) throws -> ShowRef {
        guard let value = ShowRef(argument: raw) else {
            throw ArgumentProblem(description: "expected a show: \(SpotifyRef.examples(.show))")
        }
        return value
    }
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
