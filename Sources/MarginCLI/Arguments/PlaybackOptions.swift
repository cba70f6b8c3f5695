import ArgumentParser
import MarginViews
import SpotifyClient

/// `--device ID|NAME`, accepted by every playback command.
struct PlaybackOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Spotify Connect device: its ID or its name (see 'margin devices'); default: the active device.")
    var device: String?

    func validate() throws {
        if let device, device.trimmingCharacters(in: .whitespaces).isEmpty || device.count > 128
            || device.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("'\(Terminal.sanitize(device))' is not a device; 'margin devices' lists them, e.g. --device \"Kitchen speaker\"")
        }
    }

    /// Runs a player command for ``device``. A value that cannot be an id is a device name,
    /// looked up in `GET /me/player/devices`; an id Spotify does not know is tried as a name
    /// too (a one-word name), and otherwise becomes ``PlaybackFailure/noSuchDevice(_:)``
    /// rather than "no such item".
    func sending<Value>(_ api: SpotifyAPI, _ command: (String?) async throws -> Value) async throws -> Value {
        guard let device else { return try await command(nil) }
        guard Self.isID(device) else { return try await command(try await Self.id(named: device, api: api)) }
        do {
            return try await command(device)
        } catch SpotifyError.notFound {
            let named = try await Self.id(named: device, api: api)
            guard named != device else { throw PlaybackFailure.noSuchDevice(device) }
            do {
                return try await command(named)
            } catch SpotifyError.notFound {
                throw PlaybackFailure.noSuchDevice(device)
            }
        }
    }

    /// Spotify's device ids are letters, digits, `_` and `-`.
    static func isID(_ value: String) -> Bool {
        value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// The id of the one device whose name matches.
    static func id(named name: String, api: SpotifyAPI) async throws -> String {
        let devices = try await api.devices().filter { $0.id != nil }
        guard let match = try NameMatch.one(name, kind: "device", in: devices, name: { $0.name }, id: { $0.id ?? "" }),
              let id = match.id else {
            throw PlaybackFailure.noSuchDevice(name)
        }
        return id
    }

    /// Plays `uri` from `positionMs` and says so; on a free account prints `link` instead,
    /// after a line saying that `doing` (jumping, playing) in the player needs Premium.
    func play(_ api: SpotifyAPI, uri: String, from positionMs: Int, name: String, link: String, doing: String) async throws {
        do {
            try await sending(api) { try await api.play(uri: uri, positionMs: positionMs, deviceID: $0) }
        } catch SpotifyError.premiumRequired {
            Console.err("margin: \(doing) in the player needs Spotify Premium; open the link instead:")
            try Console.out(link)
            return
        }
        try Console.out("Playing \(Terminal.sanitize(name)) from \(TimeValue.format(milliseconds: positionMs)).")
    }
}
