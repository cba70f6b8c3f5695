import ArgumentParser
import SpotifyClient

/// `--device ID`, accepted by every playback command.
struct PlaybackOptions: ParsableArguments {
    @Option(help: "Spotify Connect device ID (see 'margin devices'); default: the active device.")
    var device: String?

    func validate() throws {
        if let device, device.isEmpty || device.count > 128 || !device.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
            throw ValidationError("'\(device)' is not a device ID; 'margin devices' lists them, e.g. --device 5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e")
        }
    }

    /// Runs a player command for ``device``: Spotify's 404 for a `device_id` it does not know
    /// becomes ``PlaybackFailure/noSuchDevice(_:)`` rather than "no such item".
    func sending<Value>(_ command: () async throws -> Value) async throws -> Value {
        do {
            return try await command()
        } catch SpotifyError.notFound(let endpoint) {
            if let device { throw PlaybackFailure.noSuchDevice(device) }
            throw SpotifyError.notFound(endpoint: endpoint)
        }
    }
}
