/// The playback commands (`PUT /me/player/{pause,play,seek}`) and their Spotify errors.
extension EmulatorState {
    /// The parsed body of `PUT /me/player/play`.
    struct PlayRequest: Decodable, Sendable {
        var uris: [String]?
        var contextURI: String?
        var offset: Offset?
        var positionMs: Int?

        struct Offset: Decodable, Sendable {
            var position: Int?
            var uri: String?
        }

        enum CodingKeys: String, CodingKey {
            case uris, offset
            case contextURI = "context_uri"
            case positionMs = "position_ms"
        }
    }

    func pause(deviceID: String?) throws(Failure) {
        try prepareCommand(deviceID: deviceID)
        guard player.isPlaying else { throw EmulatorState.restrictionViolated }
        player.pause(now: now)
    }

    func seek(to positionMs: Int, deviceID: String?) throws(Failure) {
        try prepareCommand(deviceID: deviceID)
        guard player.kind == .episode || player.kind == .track else { throw EmulatorState.restrictionViolated }
        player.seek(to: positionMs, now: now)
    }

    /// Resumes (no uris, no context) or starts the item the body names.
    func play(_ request: PlayRequest?, deviceID: String?) throws(Failure) {
        try prepareCommand(deviceID: deviceID)
        guard let request, request.uris != nil || request.contextURI != nil else {
            if let position = request?.positionMs, player.kind == .episode || player.kind == .track {
                // A bare position restarts the loaded item there, playing.
                player.seek(to: position, now: now)
                if !player.isPlaying { player.resume(now: now) }
                return
            }
            guard player.kind != .none, !player.isPlaying else { throw EmulatorState.restrictionViolated }
            player.resume(now: now)
            return
        }
        let (items, context) = try queue(for: request)
        let index = try startIndex(in: items, offset: request.offset)
        let uri = items[index]
        rememberResumePoint()
        if let episode = catalog.episode(uri.id) {
            player.play(kind: .episode, id: episode.id, durationMs: episode.durationMs, context: context,
                        positionMs: request.positionMs ?? 0, now: now)
        } else if let track = catalog.track(uri.id) {
            player.play(kind: .track, id: track.id, durationMs: track.durationMs, context: context,
                        positionMs: request.positionMs ?? 0, now: now)
        }
    }

    /// Premium, then `device_id`, then an active device: Spotify's order of refusals.
    private func prepareCommand(deviceID: String?) throws(Failure) {
        if scenario.user.product == .free {
            throw .api(status: 403, message: "Player command failed: Premium required", reason: "PREMIUM_REQUIRED")
        }
        if let deviceID {
            guard player.devices.contains(where: { $0.id == deviceID }) else {
                throw .api(status: 404, message: "Device not found")
            }
            player.activate(deviceID)
        }
        guard player.activeDevice != nil else {
            throw .api(status: 404, message: "Player command failed: No active device found", reason: "NO_ACTIVE_DEVICE")
        }
    }

    static let restrictionViolated = Failure.api(
        status: 403, message: "Player command failed: Restriction violated", reason: "UNKNOWN"
    )

    /// The playable items a play request names, and the context they play in.
    private func queue(for request: PlayRequest) throws(Failure) -> ([SpotifyURI], Player.PlayContext?) {
        if let contextURI = request.contextURI {
            let context = try SpotifyURI.parse(contextURI)
            switch context.type {
            case "show":
                guard let show = catalog.show(context.id) else { throw .api(status: 404, message: "Context not found") }
                return (show.episodes.map { SpotifyURI(type: "episode", id: $0.id) }, .show(show.id))
            case "album":
                let tracks = catalog.tracks(ofAlbum: context.id)
                guard !tracks.isEmpty else { throw .api(status: 404, message: "Context not found") }
                return (tracks.map { SpotifyURI(type: "track", id: $0.id) }, .album(context.id))
            default:
                throw .api(status: 400, message: "Unsupported context uri: \(contextURI)")
            }
        }
        var items: [SpotifyURI] = []
        for raw in request.uris ?? [] {
            let uri = try SpotifyURI.parse(raw)
            switch uri.type {
            case "episode" where catalog.episode(uri.id) != nil, "track" where catalog.track(uri.id) != nil:
                items.append(uri)
            case "episode", "track":
                throw .api(status: 404, message: "Resource not found")
            default:
                throw .api(status: 400, message: "Unsupported uri kind: \(raw)")
            }
        }
        guard !items.isEmpty else { throw .api(status: 400, message: "Missing uris") }
        return (items, nil)
    }

    private func startIndex(in items: [SpotifyURI], offset: PlayRequest.Offset?) throws(Failure) -> Int {
        if let position = offset?.position {
            guard items.indices.contains(position) else { throw .api(status: 400, message: "Invalid offset") }
            return position
        }
        if let raw = offset?.uri {
            let uri = try SpotifyURI.parse(raw)
            guard let index = items.firstIndex(of: uri) else { throw .api(status: 400, message: "Invalid offset") }
            return index
        }
        return 0
    }
}

/// A `spotify:{type}:{id}` URI.
struct SpotifyURI: Sendable, Equatable {
    var type: String
    var id: String

    /// Parses a URI, refusing malformed ones with Spotify's 400s.
    static func parse(_ raw: String) throws(Failure) -> SpotifyURI {
        let parts = raw.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "spotify" else { throw .api(status: 400, message: "Invalid uri: \(raw)") }
        let id = String(parts[2])
        guard Base62.isSpotifyID(id) else { throw .api(status: 400, message: "Invalid base62 id") }
        return SpotifyURI(type: String(parts[1]), id: id)
    }
}
