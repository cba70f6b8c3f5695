import ArgumentParser
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin pause`: one request; pausing what is paused is fine.
    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause playback (Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var playback: PlaybackOptions

        func run() async throws {
            let api = try Settings().connection(verbose: global.verbose).api
            try await api.pause(deviceID: try await playback.deviceID(api))
            try Console.out("Paused.")
        }
    }
}
