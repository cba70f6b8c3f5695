import Foundation
import GRDB

/// The podcast library around the notes: which episodes and shows have notes, and the cache of
/// what Spotify said about them.
extension NoteDatabase {
    /// Episodes with notes, the one with the newest note first: within `showID` when given, at
    /// most `limit` of them. Tracks are left out.
    public func annotatedEpisodes(showID: String? = nil, limit: Int? = nil) throws(NoteStoreError) -> [AnnotatedItem] {
        try reading { db in
            // Grouped on the item index, which holds every column the counts need; the names come
            // from each episode's newest note, one indexed look-up per episode.
            let scope = showID == nil ? "item_id IS NOT NULL" : "show_id = ?1"
            let rows = try Row.fetchAll(db, sql: """
                SELECT g.item_id, g.notes, g.first_at, g.last_at,
                       n.item_type, n.item_name, n.show_id, n.show_name, n.duration_ms
                FROM (SELECT item_id, count(*) AS notes, min(created_at) AS first_at, max(created_at) AS last_at
                      FROM note WHERE \(scope) GROUP BY item_id) AS g
                JOIN note AS n ON n.seq = (SELECT seq FROM note WHERE item_id = g.item_id ORDER BY created_at DESC LIMIT 1)
                WHERE n.item_type = 'episode'
                ORDER BY g.last_at DESC, g.item_id
                LIMIT ?2
                """, arguments: [showID, limit ?? -1])
            return rows.map { row in
                AnnotatedItem(
                    id: row[0], name: row[5], showID: row[6], showName: row[7], durationMs: row[8], notes: row[1],
                    firstNoteAt: NoteTimestamp.date(from: row[2] as String) ?? .distantPast,
                    lastNoteAt: NoteTimestamp.date(from: row[3] as String) ?? .distantPast)
            }
        }
    }

    /// Shows with notes, the one with the newest note first, named as their newest note names them.
    public func annotatedShows() throws(NoteStoreError) -> [AnnotatedItem] {
        try reading { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT g.show_id, g.notes, g.first_at, g.last_at,
                       (\(Self.newestShowName("g.show_id")))
                FROM (SELECT show_id, count(*) AS notes, min(created_at) AS first_at, max(created_at) AS last_at
                      FROM note WHERE show_id IS NOT NULL GROUP BY show_id) AS g
                ORDER BY g.last_at DESC, g.show_id
                """)
            return rows.map { row in
                AnnotatedItem(
                    id: row[0], name: row[4], notes: row[1],
                    firstNoteAt: NoteTimestamp.date(from: row[2] as String) ?? .distantPast,
                    lastNoteAt: NoteTimestamp.date(from: row[3] as String) ?? .distantPast)
            }
        }
    }

    /// The show's name as its newest note that names it records, or nil: one walk down the show
    /// index, where ``annotatedShows()`` groups every note.
    public func showName(id: String) throws(NoteStoreError) -> String? {
        try reading { db in try String.fetchOne(db.cachedStatement(sql: Self.newestShowName("?")), arguments: [id]) }
    }

    /// The episode's name as its newest note that names it records, or nil.
    public func episodeName(id: String) throws(NoteStoreError) -> String? {
        try reading { db in
            try String.fetchOne(db.cachedStatement(sql: """
                SELECT item_name FROM note WHERE item_id = ? AND item_type = 'episode' AND item_name IS NOT NULL
                ORDER BY created_at DESC LIMIT 1
                """), arguments: [id])
        }
    }

    /// The query for the name of show `showID` (a column or a parameter) from its newest note.
    private static func newestShowName(_ showID: String) -> String {
        "SELECT show_name FROM note WHERE show_id = \(showID) AND show_name IS NOT NULL ORDER BY created_at DESC LIMIT 1"
    }

    /// How many notes each of these episodes has; ids without notes are left out.
    public func noteCounts(episodes ids: [String]) throws(NoteStoreError) -> [String: Int] {
        try counts(ids, column: "item_id")
    }

    /// How many notes each of these shows has; ids without notes are left out.
    public func noteCounts(shows ids: [String]) throws(NoteStoreError) -> [String: Int] {
        try counts(ids, column: "show_id")
    }

    private func counts(_ ids: [String], column: String) throws(NoteStoreError) -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        return try reading { db in
            let statement = try db.cachedStatement(sql: "SELECT count(*) FROM note WHERE \(column) = ?")
            var counts: [String: Int] = [:]
            for id in Set(ids) {
                let count = try Int.fetchOne(statement, arguments: [id]) ?? 0
                if count > 0 { counts[id] = count }
            }
            return counts
        }
    }

    /// The cached episodes among `ids`, by id.
    public func cachedEpisodes(_ ids: [String]) throws(NoteStoreError) -> [String: EpisodeInfo] {
        try reading { db in
            var found: [String: EpisodeInfo] = [:]
            for record in try EpisodeRecord.fetchAll(db, keys: ids) { found[record.id] = record.episode }
            return found
        }
    }

    /// Stores or replaces what is known about these episodes, in one transaction.
    public func cacheEpisodes(_ episodes: [EpisodeInfo]) throws(NoteStoreError) {
        guard !episodes.isEmpty else { return }
        try writing { db in
            for episode in episodes { try EpisodeRecord(episode).insert(db, onConflict: .replace) }
        }
    }

    /// Stores or replaces what is known about these shows, in one transaction.
    public func cacheShows(_ shows: [ShowInfo]) throws(NoteStoreError) {
        guard !shows.isEmpty else { return }
        try writing { db in
            for show in shows { try ShowRecord(show).insert(db, onConflict: .replace) }
        }
    }

    /// The cached show with this id, or nil.
    public func show(id: String) throws(NoteStoreError) -> ShowInfo? {
        try reading { db in try ShowRecord.fetchOne(db, key: id)?.show }
    }
}
