import Foundation

/// What is playing, and on which devices.
extension SpotifyAPI {
    /// `GET /me/player/currently-playing`: the loaded item and position, or nil when nothing
    /// plays (204; also a private session).
    ///
    /// Always asks for `additional_types=episode`: without it a podcast comes back as
    /// `item: null`, which is useless to a podcast note-taker.
    public func currentlyPlaying(market: String? = nil) async throws -> PlaybackSnapshot? {
        let query = [("additional_types", "episode")] + Self.marketQuery(market)
        guard let (raw, receivedAt): (RawPlayback, Date) = try await getIfPresent("me/player/currently-playing", query: query)
        else { return nil }
        return PlaybackSnapshot(raw, receivedAt: receivedAt)
    }

    /// `GET /me/player`: like ``currentlyPlaying(market:)`` plus the active ``Device``;
    /// nil when no device is active (204).
    public func playbackState(market: String? = nil) async throws -> PlaybackSnapshot? {
        let query = [("additional_types", "episode")] + Self.marketQuery(market)
        guard let (raw, receivedAt): (RawPlayback, Date) = try await getIfPresent("me/player", query: query)
        else { return nil }
        return PlaybackSnapshot(raw, receivedAt: receivedAt)
    }

    /// `GET /me/player/devices`: every device the user could play on, active or not.
    public func devices() async throws -> [Device] {
        let list: RawDeviceList = try await get("me/player/devices")
        return list.devices.map(Device.init)
    }
}
