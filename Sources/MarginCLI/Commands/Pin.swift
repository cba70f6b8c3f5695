import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteCapture
import NoteStore

extension MarginCommand {
    /// `margin pin ID --episode REF --at TIME`: pins a note taken without a position.
    struct Pin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin a note to an episode and position.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Option(name: .shortAndLong, help: "The episode: \(SpotifyRef.examples(.episode)), or the name of one with notes.", transform: EpisodeRef.argument) var episode: EpisodeRef
        @Option(parsing: .unconditional, help: "The position: \(TimeValue.examples).", transform: TimeValue.argument)
        var at: TimeValue

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            var note = try database.resolve(prefix: id)
            let episodeID = try episode.id(in: database)
            let api = try? settings.connection(verbose: global.verbose).api
            let capture = NoteCapture(player: api, pinDeadline: try settings.pinTimeout(), openStore: { database })
            let (pin, warning) = try await pinned(with: capture, episodeID: episodeID, store: database)
            if let warning { Console.err("margin: \(warning)") }
            note.pin = pin
            try database.update(note)
            try Console.out("Pinned \(note.id.prefix(8)) at \(at) in \(Terminal.sanitize(pin.itemName ?? "spotify:episode:\(episodeID)")).")
        }

        private func pinned(with capture: NoteCapture, episodeID: String, store: NoteDatabase) async throws(PinFailure) -> (NotePin, String?) {
            do throws(PinProblem) {
                return try await capture.pin(episode: episodeID, at: at.milliseconds, store: store)
            } catch {
                throw PinFailure(problem: error)
            }
        }
    }
}

/// A pin `margin pin` refuses; the note is left as it was.
struct PinFailure: MarginError {
    let problem: PinProblem

    var errorDescription: String? {
        switch problem {
        case .pastEnd(let position, let duration, let name):
            "--at \(TimeValue.format(milliseconds: position)) is past the end of \(name.map { "'\(Terminal.sanitize($0))'" } ?? "the episode") (\(TimeValue.format(milliseconds: duration))); give a time before the end"
        case .noSuchEpisode(let id):
            "Spotify has no episode '\(id)'; check the id with 'margin now' or the share link"
        }
    }

    var exitStatus: ExitStatus {
        if case .noSuchEpisode = problem { return .notFound }
        return .usage
    }
}

/// The store's pin, named apart from the `pin` command.
typealias NotePin = Pin
