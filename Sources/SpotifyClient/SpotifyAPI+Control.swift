import Foundation

/// Playback commands (`PUT /me/player/…`). They need Premium: a free account gets
/// ``SpotifyError/premiumRequired``, and with no active device ``SpotifyError/noActiveDevice``.
extension SpotifyAPI {
    /// Pauses; pausing what is already paused counts as done (Spotify's 403 "Restriction violated").
    public func pause(deviceID: String? = nil) async throws {
        try await command("me/player/pause", query: Self.deviceQuery(deviceID), restrictionMeansDone: true)
    }

    /// Resumes the loaded item (`PUT /me/player/play` without a body); resuming what already
    /// plays counts as done.
    public func resume(deviceID: String? = nil) async throws {
        try await command("me/player/play", query: Self.deviceQuery(deviceID), restrictionMeansDone: true)
    }

    /// Starts `uri` (`spotify:episode:ID` or `spotify:track:ID`) at `positionMs`: the reliable
    /// way to jump to a moment. A restriction here is an error, not a no-op.
    public func play(uri: String, positionMs: Int, deviceID: String? = nil) async throws {
        let body = PlayBody(uris: [uri], positionMs: max(positionMs, 0))
        // Encoding strings and an integer cannot fail; JSONEncoder also escapes whatever `uri` holds.
        let data = try JSONEncoder().encode(body)
        try await command("me/player/play", query: Self.deviceQuery(deviceID), body: data)
    }

    /// Moves the playing item to `positionMs` (negative means the start). A restriction here
    /// (e.g. during an ad) is an error.
    public func seek(positionMs: Int, deviceID: String? = nil) async throws {
        let query = [("position_ms", String(max(positionMs, 0)))] + Self.deviceQuery(deviceID)
        try await command("me/player/seek", query: query)
    }
}

/// `{"uris":[…],"position_ms":N}`.
private struct PlayBody: Encodable {
    var uris: [String]
    var positionMs: Int

    enum CodingKeys: String, CodingKey {
        case uris
        case positionMs = "position_ms"
    }
}
