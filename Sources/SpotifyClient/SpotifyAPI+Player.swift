import Foundation

/// What is playing, and on which devices.
extension SpotifyAPI {
    /// `GET /me/player/currently-playing`: the loaded item and position, or nil when nothing
    /// plays (204; also a private session).
    ///
    /// Always asks for `additional_types=episode`: without it a podcast comes back as
    /// `item: null`, which is useless to a podcast note-taker.
    ///
    /// `deadline` bounds the whole call, measured from now: a token refresh if one is due, the
    /// request, and any retries and their waits. A caller that must not wait long (taking a
    /// note, which is saved unpinned anyway) passes a short one. Without it each request has the
    /// connection's timeout (`MARGIN_TIMEOUT`) and retries have their usual budget.
    /// - Throws: ``SpotifyError/timeout(endpoint:seconds:)`` with the deadline's seconds when
    ///   Spotify has not answered by then; a retry that would end past the deadline is not
    ///   made, and the error of the reply before it (a 5xx, a 429) is thrown instead.
    public func currentlyPlaying(market: String? = nil, deadline: Duration? = nil) async throws -> PlaybackSnapshot? {
        let path = "me/player/currently-playing"
        let query = [("additional_types", "episode")] + Self.marketQuery(market)
        do {
            guard let (raw, receivedAt): (RawPlayback, Date) = try await getIfPresent(
                path, query: query, deadline: deadline.map { ContinuousClock.now + $0 })
            else { return nil }
            return PlaybackSnapshot(raw, receivedAt: receivedAt)
        } catch SpotifyError.timeout where deadline != nil {
            // Inner steps only know what was left of the deadline; the caller knows the deadline.
            throw SpotifyError.timeout(endpoint: "GET \(baseURL.appendingPathComponent(path).path)", seconds: deadline?.wholeSeconds ?? 1)
        }
    }

    /// `GET /me/player`: like ``currentlyPlaying(market:deadline:)`` plus the active ``Device``;
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
