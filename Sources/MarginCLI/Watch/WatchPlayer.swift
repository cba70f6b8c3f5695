import Foundation
import NoteCapture
import SpotifyClient

/// What the interactive `watch` asks of Spotify: the capture player plus the device and seeking.
/// ``SpotifyAPI`` is the real one.
protocol WatchPlayer: CapturePlayer {
    /// What is playing, where, and on which device: one request, like `currentlyPlaying()`.
    func playbackState() async throws -> PlaybackSnapshot?
    func seek(positionMs: Int) async throws
}

extension SpotifyAPI: WatchPlayer {
    func playbackState() async throws -> PlaybackSnapshot? { try await playbackState(market: nil) }
    func seek(positionMs: Int) async throws { try await seek(positionMs: positionMs, deviceID: nil) }
}

/// Answers capture from what the view already knows, so catching a note costs no request:
/// the moment is the snapshot at the key press, the episode's names come from it too.
struct RememberedPlayer: CapturePlayer {
    /// The snapshot at the key press, at the position then; nil when nothing was playing.
    let moment: PlaybackSnapshot?
    /// Why there is no moment (Spotify unreachable, not logged in), said when there is none.
    let reason: String?

    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        if moment == nil, let reason { throw NoMoment(reason: reason) }
        return moment
    }

    func episode(id: String) async throws -> Episode {
        guard let moment, moment.itemID == id else { throw NoMoment(reason: "the episode is not the one playing") }
        return Episode(id: id, uri: moment.itemURI, name: moment.itemName ?? "", durationMs: moment.durationMs ?? 0,
                       showID: moment.showID, showName: moment.showName)
    }

    // The view pauses and resumes playback itself, with its own requests.
    func pause() async throws {}
    func resume() async throws {}
}

/// Why the remembered player has no moment, as capture tells it.
struct NoMoment: LocalizedError {
    let reason: String
    var errorDescription: String? { reason }
}
