/// The player rendered as `currently-playing`, `/me/player` and `/me/player/devices` bodies.
extension Player {
    /// `GET /me/player/currently-playing`, or nil for 204 (nothing loaded or no active device).
    /// Without `episodes` (no `additional_types=episode`) an episode's `item` is null.
    func currentlyPlayingJSON(catalog: Catalog, links: Links, episodes: Bool, now: ContinuousClock.Instant) -> JSON? {
        guard kind != .none, activeDevice != nil else { return nil }
        return [
            "timestamp": .int(timestamp),
            "context": contextJSON(links: links),
            "progress_ms": .int(progress(at: now)),
            "item": itemJSON(catalog: catalog, links: links, episodes: episodes, now: now),
            "currently_playing_type": .string(kind.rawValue),
            "actions": ["disallows": disallowsJSON],
            "is_playing": .bool(isPlaying),
        ]
    }

    /// `GET /me/player`: currently-playing plus device and modes, or nil for 204.
    func stateJSON(catalog: Catalog, links: Links, episodes: Bool, now: ContinuousClock.Instant) -> JSON? {
        guard let device = activeDevice,
              case .object(let playing)? = currentlyPlayingJSON(catalog: catalog, links: links, episodes: episodes, now: now)
        else { return nil }
        let leading: [JSON.Member] = [
            .init(key: "device", value: Player.json(device)),
            .init(key: "shuffle_state", value: false),
            .init(key: "repeat_state", value: "off"),
        ]
        return .object(leading + playing + [.init(key: "smart_shuffle", value: false)])
    }

    /// `GET /me/player/devices`.
    var devicesJSON: JSON {
        ["devices": .array(devices.map { Player.json($0) })]
    }

    private static func json(_ device: Scenario.Device) -> JSON {
        [
            "id": .string(device.id),
            "is_active": .bool(device.isActive),
            "is_private_session": false,
            "is_restricted": false,
            "name": .string(device.name),
            "supports_volume": .bool(device.volumePercent != nil),
            "type": .string(device.type),
            "volume_percent": device.volumePercent.map { .int($0) } ?? .null,
        ]
    }

    private func itemJSON(catalog: Catalog, links: Links, episodes: Bool, now: ContinuousClock.Instant) -> JSON {
        switch kind {
        case .episode:
            guard episodes, let episode = itemID.flatMap(catalog.episode) else { return .null }
            // Real players report the live position as the resume point too.
            let resume = ResumePoint(positionMs: progress(at: now), fullyPlayed: false)
            return catalog.json(episode, links: links, withShow: true, resume: resume)
        case .track:
            guard let track = itemID.flatMap(catalog.track) else { return .null }
            return catalog.json(track, links: links)
        case .ad, .none:
            return .null
        }
    }

    private func contextJSON(links: Links) -> JSON {
        switch context {
        case .show(let id):
            return ["external_urls": links.external("show", id), "href": links.href("shows", id),
                    "type": "show", "uri": links.uri("show", id)]
        case .album(let id):
            return ["external_urls": links.external("album", id), "href": links.href("albums", id),
                    "type": "album", "uri": links.uri("album", id)]
        case nil:
            return .null
        }
    }

    /// What the client may not do now; Spotify lists only the `true` ones.
    private var disallowsJSON: JSON {
        var members: [JSON.Member] = [.init(key: isPlaying ? "resuming" : "pausing", value: true)]
        switch kind {
        case .episode:
            for key in ["toggling_repeat_context", "toggling_repeat_track", "toggling_shuffle"] {
                members.append(.init(key: key, value: true))
            }
        case .ad:
            for key in ["seeking", "skipping_next", "skipping_prev", "toggling_repeat_context",
                        "toggling_repeat_track", "toggling_shuffle"] {
                members.append(.init(key: key, value: true))
            }
        case .track, .none:
            break
        }
        return .object(members)
    }
}
