import ArgumentParser
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin seek TIME`: one request.
    struct Seek: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "seek", abstract: "Jump to a position in what is playing (Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "Where to: \(TimeValue.examples).", transform: TimeValue.argument) var time: TimeValue

        /// Reads what is playing first (one request) so that a time past its end is refused
        /// rather than sent: Spotify would skip to the next item.
        func run() async throws {
            let api = try Settings().connection(verbose: global.verbose).api
            guard let snapshot = try await api.currentlyPlaying() else { throw PlaybackFailure.nothingPlaying }
            if let duration = snapshot.durationMs, duration > 0, time.milliseconds > duration {
                let name = snapshot.itemName.map { "'\(Terminal.sanitize($0))'" } ?? "what is playing"
                throw PlaybackFailure.pastEnd(time: time.description, item: name, duration: TimeValue.format(milliseconds: duration))
            }
            try await playback.sending(api) { try await api.seek(positionMs: time.milliseconds, deviceID: $0) }
            try Console.out("At \(time).")
        }
    }
}
