import Foundation
import NoteCapture
import SpotifyClient
import TestSupport

/// A player that answers from a script and records what it was asked, for the capture rules.
actor ScriptedPlayer: CapturePlayer {
    enum Answer: Sendable {
        case playing(PlaybackSnapshot?)
        case failing(SpotifyError)
        /// Never answers until cancelled.
        case hanging
    }

    private let answer: Answer
    private let episodes: [String: Episode]
    private(set) var calls: [String] = []
    /// What `onResume` said at each resume (the store's note count, say).
    private(set) var notesAtResume: [Int] = []
    private let onResume: (@Sendable () -> Int)?

    init(_ answer: Answer, episodes: [Episode] = [], onResume: (@Sendable () -> Int)? = nil) {
        self.answer = answer
        self.onResume = onResume
        self.episodes = Dictionary(uniqueKeysWithValues: episodes.map { ($0.id, $0) })
    }

    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        calls.append("currently-playing")
        switch answer {
        case .playing(let snapshot): return snapshot
        case .failing(let error): throw error
        case .hanging:
            // A Spotify that never answers: the capture's own deadline is what is tested.
            try await hangUntilCancelled()
            return nil
        }
    }

    func episode(id: String) async throws -> Episode {
        calls.append("episode \(id)")
        if case .failing(let error) = answer { throw error }
        // A Spotify that never answers: the capture's own deadline is what is tested.
        if case .hanging = answer { try await hangUntilCancelled() }
        guard let episode = episodes[id] else { throw SpotifyError.notFound(endpoint: "episodes/\(id)") }
        return episode
    }

    func pause() async throws { calls.append("pause") }
    func resume() async throws {
        calls.append("resume")
        if let onResume { notesAtResume.append(onResume()) }
    }
}

let episodeID = "512ojhOuo1ktJprKbVcKyQ"

/// An episode playing (or paused) at `progressMs` of 1:02:03.
func playing(at progressMs: Int = 754_000, isPlaying: Bool = true) -> PlaybackSnapshot {
    PlaybackSnapshot(kind: .episode, itemID: episodeID, itemURI: "spotify:episode:\(episodeID)", itemName: "Ep. 42 — Naming things",
                     showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Craft, Code & Curiosity",
                     progressMs: progressMs, durationMs: 3_723_000, isPlaying: isPlaying, receivedAt: Date())
}

/// A store in a fresh temporary file.
func temporaryStorePath() throws -> String {
    try temporaryDirectory("margin-capture") + "/notes.sqlite"
}
