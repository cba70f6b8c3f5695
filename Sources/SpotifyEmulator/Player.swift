import Foundation

/// The live player: what is loaded, where it is, whether it plays, on which device.
///
/// Progress follows the emulator's clock: the position stored at the last change plus the time
/// elapsed since, while playing, capped at the item's duration.
struct Player: Sendable {
    var kind: Scenario.Playback.Kind
    /// The catalog id of the loaded episode or track; nil for an ad or nothing.
    var itemID: String?
    var durationMs: Int
    /// What the item was started from (`context` in responses), if anything.
    var context: PlayContext?
    var isPlaying: Bool
    var devices: [Scenario.Device]
    /// Milliseconds since 1970 of the last state change (`timestamp` in responses).
    var timestamp: Int
    private var storedProgressMs: Int
    private var since: ContinuousClock.Instant

    /// A show or album that playback was started from.
    enum PlayContext: Sendable, Equatable {
        case show(String)
        case album(String)
    }

    /// An ad's length; ads are not catalog items.
    static let adDurationMs = 30_000

    /// The player as `playback` describes it; a scenario episode plays in its show's context.
    init(playback: Scenario.Playback, devices: [Scenario.Device], catalog: Catalog, now: ContinuousClock.Instant) {
        self.kind = .none
        self.durationMs = 0
        self.isPlaying = false
        self.devices = Player.singleActive(devices)
        self.timestamp = Player.epochMs(at: now)
        self.storedProgressMs = 0
        self.since = now
        load(playback, catalog: catalog, now: now)
    }

    /// Replaces what is loaded; unknown ids load nothing (scenarios are validated before).
    mutating func load(_ playback: Scenario.Playback, catalog: Catalog, now: ContinuousClock.Instant) {
        switch playback.kind {
        case .episode:
            let episode = playback.id.flatMap(catalog.episode) ?? catalog.episode(Scenario.Playback.defaultEpisodeID)
            setItem(kind: .episode, id: episode?.id, duration: episode?.durationMs ?? 0,
                    context: episode.map { .show($0.showID) })
        case .track:
            let track = playback.id.flatMap(catalog.track) ?? catalog.tracks.first
            setItem(kind: .track, id: track?.id, duration: track?.durationMs ?? 0, context: nil)
        case .ad:
            setItem(kind: .ad, id: nil, duration: Player.adDurationMs, context: nil)
        case .none:
            setItem(kind: .none, id: nil, duration: 0, context: nil)
        }
        isPlaying = playback.isPlaying && kind != .none
        storedProgressMs = min(max(0, playback.progressMs), durationMs)
        since = now
        touch()
    }

    /// Loads a catalog item at `positionMs` and starts playing it.
    mutating func play(kind: Scenario.Playback.Kind, id: String, durationMs: Int, context: PlayContext?,
                       positionMs: Int, now: ContinuousClock.Instant) {
        setItem(kind: kind, id: id, duration: durationMs, context: context)
        storedProgressMs = min(max(0, positionMs), durationMs)
        since = now
        isPlaying = true
        touch()
    }

    private mutating func setItem(kind: Scenario.Playback.Kind, id: String?, duration: Int, context: PlayContext?) {
        self.kind = id == nil && (kind == .episode || kind == .track) ? .none : kind
        self.itemID = id
        self.durationMs = duration
        self.context = context
    }

    /// The position now.
    func progress(at now: ContinuousClock.Instant) -> Int {
        guard isPlaying else { return storedProgressMs }
        let elapsed = since.duration(to: now)
        let elapsedMs = Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
        return min(storedProgressMs + max(0, elapsedMs), durationMs)
    }

    /// Stops the clock at the current position.
    mutating func pause(now: ContinuousClock.Instant) {
        storedProgressMs = progress(at: now)
        since = now
        isPlaying = false
        touch()
    }

    /// Starts the clock from the current position.
    mutating func resume(now: ContinuousClock.Instant) {
        storedProgressMs = progress(at: now)
        since = now
        isPlaying = true
        touch()
    }

    /// Moves to `positionMs` (capped at the duration) without changing play/pause.
    mutating func seek(to positionMs: Int, now: ContinuousClock.Instant) {
        storedProgressMs = min(max(0, positionMs), durationMs)
        since = now
        touch()
    }

    /// The device that plays, if any.
    var activeDevice: Scenario.Device? {
        devices.first { $0.isActive }
    }

    /// Makes `id` the only active device.
    mutating func activate(_ id: String) {
        for index in devices.indices { devices[index].isActive = devices[index].id == id }
    }

    /// The live state as a scenario `playback` (progress as of `now`).
    func playback(at now: ContinuousClock.Instant) -> Scenario.Playback {
        Scenario.Playback(kind: kind, id: itemID, progressMs: progress(at: now), isPlaying: isPlaying)
    }

    private mutating func touch() {
        timestamp = Player.epochMs(at: since)
    }

    /// Keeps at most one device active (the first one marked so), as Spotify has one.
    static func singleActive(_ devices: [Scenario.Device]) -> [Scenario.Device] {
        var seenActive = false
        return devices.map { device in
            var device = device
            if device.isActive {
                device.isActive = !seenActive
                seenActive = true
            }
            return device
        }
    }

    /// The wall-clock milliseconds of `instant`, which is ahead of the real clock by as much as
    /// the emulator's clock was moved.
    private static func epochMs(at instant: ContinuousClock.Instant) -> Int {
        let ahead = ContinuousClock.now.duration(to: instant)
        return Int((Date().timeIntervalSince1970 * 1000).rounded()) + Int((ahead / .milliseconds(1)).rounded())
    }
}
