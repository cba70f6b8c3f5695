import Foundation
import GRDB

/// Names are references: every episode and show margin has listed (the library cache) can be
/// named on the command line, as well as those the notes carry. And a cache entry margin
/// knows to be out of date (after its own seek or play) is marked so.
extension NoteDatabase {
    /// The episodes the cache has a name for.
    public func knownEpisodes() throws(NoteStoreError) -> [KnownName] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM episode WHERE name IS NOT NULL ORDER BY id")
                .map { KnownName(id: $0[0], name: $0[1]) }
        }
    }

    /// The shows the cache has a name for: those listed by `shows` or `find`, and those its
    /// episodes name.
    public func knownShows() throws(NoteStoreError) -> [KnownName] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT id, name FROM show WHERE name IS NOT NULL
                UNION
                SELECT show_id, show_name FROM episode WHERE show_id IS NOT NULL AND show_name IS NOT NULL
                ORDER BY 1, 2
                """).map { KnownName(id: $0[0], name: $0[1]) }
        }
    }

    /// Stores what is known about episodes the cache does not hold yet, leaving those it holds
    /// as they are: a search result lacks the show and the resume point a full reply has.
    public func cacheEpisodesIfAbsent(_ episodes: [EpisodeInfo]) throws(NoteStoreError) {
        guard !episodes.isEmpty else { return }
        try writing { db in
            for episode in episodes { try EpisodeRecord(episode).insert(db, onConflict: .ignore) }
        }
    }

    /// Marks these episodes' cache entries as out of date, so the next listing asks Spotify
    /// again: margin itself just moved their position.
    public func markEpisodesStale(_ ids: [String]) throws(NoteStoreError) {
        guard !ids.isEmpty else { return }
        try writing { db in
            let statement = try db.cachedStatement(sql: "UPDATE episode SET fetched_at = ? WHERE id = ?")
            let epoch = NoteTimestamp.string(from: Date(timeIntervalSince1970: 0))
            for id in Set(ids) { try statement.execute(arguments: [epoch, id]) }
        }
    }
}
