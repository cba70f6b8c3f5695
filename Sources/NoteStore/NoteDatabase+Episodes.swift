import Foundation
import GRDB

/// The episode cache: names and lengths margin has already asked Spotify for.
extension NoteDatabase {
    /// Stores or replaces what is known about an episode.
    public func cacheEpisode(_ episode: EpisodeInfo) throws(NoteStoreError) {
        try writing { db in
            // Nothing references `episode`, so REPLACE (delete then insert) is safe here.
            try EpisodeRecord(episode).insert(db, onConflict: .replace)
        }
    }

    /// The cached episode with this id, or nil.
    public func episode(id: String) throws(NoteStoreError) -> EpisodeInfo? {
        try reading { db in try EpisodeRecord.fetchOne(db, key: id)?.episode }
    }

    /// Fills the missing item name, show and duration of notes pinned to `episode.id`.
    ///
    /// A note taken while Spotify was unreachable, or pinned by hand with `margin pin`, knows
    /// only the episode id; this completes it once the episode is known. Values already
    /// present are kept, and `updated_at` is left alone: the user's note did not change.
    /// Returns how many notes were completed.
    @discardableResult
    public func fillNames(from episode: EpisodeInfo) throws(NoteStoreError) -> Int {
        try writing { db in
            try db.cachedStatement(sql: """
                UPDATE note SET
                    item_name = coalesce(item_name, ?2),
                    show_id = coalesce(show_id, ?3),
                    show_name = coalesce(show_name, ?4),
                    duration_ms = coalesce(duration_ms, ?5)
                WHERE item_id = ?1 AND item_type = 'episode'
                  AND (item_name IS NULL OR show_id IS NULL OR show_name IS NULL OR duration_ms IS NULL)
                  AND coalesce(?2, ?3, ?4, ?5) IS NOT NULL
                """
            ).execute(arguments: [episode.id, episode.name, episode.showID, episode.showName, episode.durationMs])
            return db.changesCount
        }
    }
}
