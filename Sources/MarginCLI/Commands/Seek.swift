import ArgumentParser
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin seek TIME`: one request.
    struct Seek: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "seek", abstract: "Jump to a position in what is playing (Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "Where to: \(TimeValue.examples).", transform: TimeValue.argument) var time: TimeValue

        /// Reads what is playing first (one request) so that a time past its end is refused
        /// rather than sent: Spotify would skip to the next item. `--device` is looked up
        /// before that.
        func run() async throws {
            let settings = try Settings()
            let api = try settings.connection(verbose: global.verbose).api
            let deviceID = try await playback.deviceID(api)
            guard let snapshot = try await api.currentlyPlaying() else { throw PlaybackFailure.nothingPlaying }
            if let duration = snapshot.durationMs, duration > 0, time.milliseconds > duration {
                let name = snapshot.itemName.map { "'\(Terminal.sanitize($0))'" } ?? "what is playing"
                throw PlaybackFailure.pastEnd(time: time.description, item: name, duration: TimeValue.format(milliseconds: duration))
            }
            try await api.seek(positionMs: time.milliseconds, deviceID: deviceID)
            store.positionMoved(settings, episode: snapshot.kind == .episode ? snapshot.itemID : nil)
            try Console.out("At \(time).")
        }
    }
}
