import GRDB

/// The full-text index a first pull leaves to be built later.
///
/// Indexing a first pull's notes for search was a third of its time (about 0.9 s of 100 000
/// notes, all of it inside FTS5). So a first pull leaves the `__note_ft_…` triggers out (see
/// ``enterBulkPull(incoming:)``; a pull's bulk page, written by ``ImportWriter``, writes no
/// index either); the first search after it (or ``buildLeftIndexes()``) rebuilds `note_ft` from
/// every note and puts the triggers back, in one transaction, and ``integrity()`` reports the
/// index missing until then. While the triggers are out nothing writes to the index, so edits,
/// tags and deletes made meanwhile are simply read by that rebuild: the triggers' absence is the
/// whole mark, committed before the first page, and a pull killed midway leaves a store that
/// searches correctly. Captures before that search never wait for the index; the search holds
/// the store while it builds (about a second per 100 000 notes), once.
extension NoteDatabase {
    /// Whether `note_ft` is kept in step with the notes: false after a first pull left it.
    static func searchIndexIsBuilt(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = '__note_ft_ai')
            """) ?? false
    }

    /// Whether `note_ft` is kept in step with the notes (see the extension's documentation).
    package func searchIndexIsBuilt() throws(NoteStoreError) -> Bool {
        do { return try writer.read(Self.searchIndexIsBuilt) } catch { throw NoteStoreError(error, path: displayPath) }
    }

    /// Builds the index a pull left, before a search reads it (a no-op once it is built).
    func buildSearchIndexIfLeft() throws {
        guard try !writer.read(Self.searchIndexIsBuilt) else { return }
        try writer.write(Self.buildSearchIndexIfLeft)
    }

    /// Rebuilds `note_ft` from every note and puts its triggers back, in the caller's
    /// transaction, unless another process did so first.
    static func buildSearchIndexIfLeft(_ db: Database) throws {
        guard try !searchIndexIsBuilt(db) else { return }
        for name in searchTriggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
        try rebuildSearchIndex(db, onlyAfter: nil, hashSize: builtLaterHashSize)
        // One segment on a level of its own: a rebuild leaves its segments on the lowest level,
        // where FTS5's automatic merges took them in with the first few small writes after it
        // and rewrote the whole index then (0.3 s of the first 100-note pull after 100 000).
        try db.execute(sql: "INSERT INTO note_ft (note_ft) VALUES ('optimize')")
        try db.execute(sql: searchTriggers)
    }

    /// FTS5's pending-data limit while building the index a pull left: below a large store's
    /// index, so that the rebuild writes several segments and `optimize` merges them into one
    /// above the lowest level (for 100 000 notes the rebuild and merge took 1.1 to 1.2 s
    /// together, against 0.9 s for the rebuild alone in one 64 MiB segment).
    static let builtLaterHashSize = 16 << 20

    /// The triggers that keep `note_ft` in step (``searchTriggers``).
    static let searchTriggerNames = ["__note_ft_ai", "__note_ft_bd", "__note_ft_au", "__note_ft_tag_ai", "__note_ft_tag_ad"]

    /// Rebuilds `note_ft` from every note (its text, tags and names: the view `note_search`),
    /// or, with `onlyAfter`, indexes the notes above it alone: a bulk import into a store whose
    /// notes are indexed already need not index them again.
    ///
    /// FTS5 writes out its pending data whenever it holds `hashsize` bytes (1 MiB by default)
    /// and merges what it wrote; with 64 MiB (`hashSize`) the rebuild of a million notes takes
    /// a third less time, commit included. The setting is stored in the index, so it is put back after. An
    /// SQLite whose FTS5 lacks the setting rebuilds with its default.
    static func rebuildSearchIndex(_ db: Database, onlyAfter: Int64?, hashSize rebuilding: Int = rebuildHashSize) throws {
        let hashSize = try Int.fetchOne(db, sql: "SELECT v FROM note_ft_config WHERE k = 'hashsize'")
        let tuned = (try? db.execute(sql: "INSERT INTO note_ft (note_ft, rank) VALUES ('hashsize', ?)",
                                     arguments: [rebuilding])) != nil
        if let onlyAfter, onlyAfter > 0 {
            try db.execute(sql: """
                INSERT INTO note_ft (rowid, \(searchColumns))
                SELECT seq, \(searchColumns) FROM note_search WHERE seq > ? ORDER BY seq
                """, arguments: [onlyAfter])
        } else {
            try db.execute(sql: "INSERT INTO note_ft (note_ft) VALUES ('rebuild')")
        }
        if tuned {
            try db.execute(sql: "INSERT INTO note_ft (note_ft, rank) VALUES ('hashsize', ?)",
                           arguments: [hashSize ?? defaultHashSize])
        }
    }

    /// FTS5's pending-data limit while rebuilding, and its default.
    static let rebuildHashSize = 64 << 20
    static let defaultHashSize = 1 << 20
}
