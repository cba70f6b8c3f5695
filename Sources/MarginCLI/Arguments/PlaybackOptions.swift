import ArgumentParser
import MarginViews
import SpotifyClient

/// `--device ID|NAME`, accepted by every playback command.
struct PlaybackOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Spotify Connect device: its id, its name, or a unique prefix of its name, ignoring case (see 'margin devices'); default: the active device.")
    var device: String?

    func validate() throws {
        if let device, device.trimmingCharacters(in: .whitespaces).isEmpty || device.count > 128
            || device.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("'\(Terminal.sanitize(device))' is not a device; 'margin devices' lists them, e.g. --device \"Kitchen speaker\"")
        }
    }

    /// The `device_id` player commands carry: nil (the active device) without `--device`,
    /// else the id of the device it names, looked up before anything is sent
    /// (see ``DeviceChoice``): an unknown device is ``UnknownDevice`` (exit 6), an ambiguous
    /// name a usage error listing the candidates.
    func deviceID(_ api: SpotifyAPI) async throws -> String? {
        guard let device else { return nil }
        return try await DeviceChoice.id(for: device, api: api)
    }

    /// Plays `uri` from `positionMs` and says so; on a free account prints `link` instead,
    /// after a line saying that `doing` (jumping, playing) in the player needs Premium.
    func play(_ api: SpotifyAPI, uri: String, from positionMs: Int, name: String, link: String, doing: String) async throws {
        let deviceID = try await deviceID(api)
        do {
            try await api.play(uri: uri, positionMs: positionMs, deviceID: deviceID)
        } catch SpotifyError.premiumRequired {
            Console.err("margin: \(doing) in the player needs Spotify Premium; open the link instead:")
            try Console.out(link)
            return
        }
        try Console.out("Playing \(Terminal.sanitize(name)) from \(TimeValue.format(milliseconds: positionMs)).")
    }
}
