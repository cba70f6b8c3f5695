import ArgumentParser
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin resume`: one request; resuming what plays is fine.
    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume playback (Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var playback: PlaybackOptions

        func run() async throws {
            let api = try Settings().connection(verbose: global.verbose).api
            try await api.resume(deviceID: try await playback.deviceID(api))
            try Console.out("Resumed.")
        }
    }
}
