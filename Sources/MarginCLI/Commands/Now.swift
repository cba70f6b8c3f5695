import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin now`: what is playing, in one request.
    struct Now: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now",
            abstract: "Show what is playing: show, episode, position, playing or paused, device; exit 3 when nothing is.")

        @OptionGroup var global: GlobalOptions
        @Flag(name: .shortAndLong, help: "Print a JSON object.") var json = false

        func run() async throws {
            let connection = try Settings().connection(verbose: global.verbose)
            guard let snapshot = try await connection.api.playbackState() else {
                throw PlaybackFailure.nothingPlaying
            }
            let view = PlaybackView(snapshot)
            if json {
                try Console.out(try view.json())
                return
            }
            try Console.out(view.title)
            let device = snapshot.device.map { " · \(Terminal.sanitize($0.name))" } ?? ""
            try Console.out("\(view.symbol) \(view.clock)\(device)")
        }
    }
}

/// Playback outcomes that are not Spotify errors.
enum PlaybackFailure: Equatable, MarginError {
    case nothingPlaying
    case pastEnd(time: String, item: String, duration: String)

    var errorDescription: String? {
        switch self {
        case .nothingPlaying: "nothing is playing on Spotify"
        case .pastEnd(let time, let item, let duration): "\(time) is past the end of \(item) (\(duration)); give a time before the end"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .nothingPlaying: .nothingPlaying
        case .pastEnd: .usage
        }
    }
}
