import Foundation
import MarginConfig
import NoteStore

extension StoreOptions {
    /// Tells the library cache that margin just moved playback in `episodeID` (a play or a
    /// seek), so that `margin episodes` asks Spotify for its position next time instead of
    /// showing the one it cached.
    ///
    /// Only a store that exists is opened: a seek on a machine without notes creates none. A
    /// store that cannot be written is passed over: the command itself has already done its
    /// work, and the cache entry ages out within the hour anyway.
    func positionMoved(_ settings: Settings, episode episodeID: String?) {
        guard let episodeID else { return }
        let path = path(settings)
        guard FileManager.default.fileExists(atPath: path) else { return }
        try? NoteDatabase(path: path).markEpisodesStale([episodeID])
    }
}
