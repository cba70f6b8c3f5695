import Foundation
import NoteCapture
import SpotifyClient

/// What the interactive `watch` asks of Spotify: the capture player plus the device and seeking.
/// ``SpotifyAPI`` is the real one.
public protocol WatchPlayer: CapturePlayer {
    /// What is playing, where, and on which device: one request, like `currentlyPlaying()`.
    func playbackState() async throws -> PlaybackSnapshot?
    func seek(positionMs: Int) async throws
}

extension SpotifyAPI: WatchPlayer {
    public func playbackState() async throws -> PlaybackSnapshot? { try await playbackState(market: nil) }
    public func seek(positionMs: Int) async throws { try await seek(positionMs: positionMs, deviceID: nil) }
}

/// The player a capture taken in the view uses: the view's own, with every pause and resume
/// the capture sends shown on the screen at once, as the view's own commands are.
struct ViewPlayer: CapturePlayer {
    let player: any WatchPlayer
    let events: AsyncStream<WatchEvent>.Continuation

    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        try await player.currentlyPlaying(deadline: deadline)
    }

    func episode(id: String) async throws -> Episode { try await player.episode(id: id) }

    func pause() async throws { try await send(.pause) { try await player.pause() } }

    func resume() async throws { try await send(.resume) { try await player.resume() } }

    private func send(_ command: WatchSession.Command, _ request: () async throws -> Void) async throws {
        events.yield(.commanded(command))
        do {
            try await request()
            events.yield(.finished(nil, pollSoon: true))
        } catch {
            events.yield(.finished(PinRules.describe(error), pollSoon: true))
            throw error
        }
    }
}
