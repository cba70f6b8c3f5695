import Foundation
import SpotifyClient

/// What capture needs from Spotify: the moment, the episode's names, and pausing while the
/// user writes. ``SpotifyAPI`` is the real one.
public protocol CapturePlayer: Sendable {
    /// What is playing and where, or nil when nothing is; given up after `deadline`.
    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot?
    /// One episode, by its base62 id.
    func episode(id: String) async throws -> Episode
    /// Pauses playback on the active device.
    func pause() async throws
    /// Resumes playback on the active device.
    func resume() async throws
}

extension SpotifyAPI: CapturePlayer {
    public func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        try await currentlyPlaying(market: nil, deadline: deadline)
    }
    public func episode(id: String) async throws -> Episode { try await episode(id: id, market: nil) }
    public func pause() async throws { try await pause(deviceID: nil) }
    public func resume() async throws { try await resume(deviceID: nil) }
}
