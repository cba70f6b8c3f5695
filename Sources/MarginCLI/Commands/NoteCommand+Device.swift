import NoteCapture
import SpotifyClient

/// The capture player of `margin note --device`: the pause and the resume go to the device the
/// user named. It is looked up once, when margin first pauses, so a note that never touches
/// playback asks Spotify nothing more; a device that cannot be found leaves playback as it is,
/// and capture says why beside the saved note.
struct DevicePlayer: CapturePlayer {
    let api: SpotifyAPI
    let target: DeviceTarget

    init(api: SpotifyAPI, device: String) {
        self.api = api
        target = DeviceTarget(name: device, api: api)
    }

    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        try await api.currentlyPlaying(market: nil, deadline: deadline)
    }

    func episode(id: String) async throws -> Episode { try await api.episode(id: id, market: nil) }

    func pause() async throws { try await api.pause(deviceID: try await target.id()) }

    func resume() async throws { try await api.resume(deviceID: try await target.id()) }
}

/// A `--device` value and the id it was found to mean, so that the pause and the resume ask
/// for the device list once between them.
actor DeviceTarget {
    let name: String
    let api: SpotifyAPI
    private var resolved: String?

    init(name: String, api: SpotifyAPI) {
        self.name = name
        self.api = api
    }

    func id() async throws -> String {
        if let resolved { return resolved }
        let id = try await DeviceChoice.id(for: name, api: api)
        resolved = id
        return id
    }
}
