import ArgumentParser
import SpotifyClient

extension MarginCommand {
    /// `margin seek TIME`: one request.
    struct Seek: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "seek", abstract: "Jump to a position in what is playing (Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "Where to: \(TimeValue.examples).") var time: String

        func validate() throws {
            guard TimeValue(parsing: time) != nil else {
                throw ValidationError("'\(time)' is not a time; use \(TimeValue.examples)")
            }
        }

        func run() async throws {
            guard let target = TimeValue(parsing: time) else { return }
            try await Settings().connection(verbose: global.verbose).api.seek(positionMs: target.milliseconds, deviceID: playback.device)
            try Console.out("At \(target).")
        }
    }
}
