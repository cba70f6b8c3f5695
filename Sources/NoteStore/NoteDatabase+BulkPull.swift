import GRDB

extension NoteDatabase {
    /// Readies the store for a pull of about `incoming` notes; true when they are many beside
    /// what it holds (a first pull), which is then written in bulk until ``leaveBulkPull()``.
    ///
    /// A first pull leaves out what only reading needs and builds it once at the end, instead
    /// of after every page: the listing indexes (``listingIndexes``: by time, episode, show and
    /// tag) until ``leaveBulkPull()``, and the full-text index until the first search (see
    /// `NoteDatabase+SearchIndex.swift`). Its pages can then all be the same small size, each
    /// written while the next is read, where pages written with their indexes had to grow
    /// (each index rebuilt over the whole store) and the last, largest one was written alone.
    /// `note_on_id` stays: the pages look notes up by id, and it keeps ids unique.
    ///
    /// The file also leaves WAL for a rollback journal until ``leaveBulkPull()``: in WAL mode
    /// every page of a first pull is written twice, to the WAL and then into the file by the
    /// checkpoint; a rollback journal keeps only the pages that held data before, so the new
    /// ones are written once. Each page's commit is as atomic and as durable
    /// (`synchronous=FULL`), so a pull killed midway resumes as before. While a page is
    /// written, other margin processes wait for it instead of reading the notes as they were,
    /// as during a bulk import. Another connection holding the file open keeps it in WAL.
    ///
    /// A pull killed before ``leaveBulkPull()`` leaves the listing indexes out: every query
    /// still answers, slower, the next `margin sync` builds them before it connects (see
    /// ``buildListingIndexesIfLeft()``), and so does a later pull that is not a first pull,
    /// before anything else; ``integrity()`` reports them missing until then. The next margin
    /// command to open the file alone puts it back in WAL (see ``enterWAL(_:)``).
    package func enterBulkPull(incoming: Int64) throws(NoteStoreError) -> Bool {
        do {
            return try writer.writeWithoutTransaction { db in
                let stored = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
                guard incoming > 0, ImportWriter.isBulk(records: Int(clamping: incoming), storedSeq: stored) else {
                    try Self.buildListingIndexesIfLeft(db)
                    return false
                }
                if path != nil { _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
                try db.inTransaction {
                    for (name, _) in Self.listingIndexes { try db.execute(sql: "DROP INDEX IF EXISTS \(name)") }
                    for name in Self.searchTriggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
                    return .commit
                }
                return true
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Ends a first pull (see ``enterBulkPull(incoming:)``): builds the listing indexes and
    /// puts the file back in WAL; should another process hold it, the next margin command to
    /// open it alone does the latter. A failure leaves the indexes to the next pull.
    package func leaveBulkPull() {
        try? writer.writeWithoutTransaction { db in
            try? Self.buildListingIndexesIfLeft(db)
            if path != nil { _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        }
    }

    /// The indexes only reading needs, which a first pull builds once at its end: notes by
    /// time, by episode and position, by show, and tags by name.
    /// The definitions are the schema's own (v3, v5, v6), which a test checks against a new
    /// store; a migration that changes one of these indexes changes it here too.
    package static let listingIndexes: [(name: String, sql: String)] = [
        ("note_on_created_at", "CREATE INDEX note_on_created_at ON note (created_at)"),
        ("note_on_item", "CREATE INDEX note_on_item ON note (item_id, progress_ms, created_at, show_id)"),
        ("note_on_show", "CREATE INDEX note_on_show ON note (show_id, created_at)"),
        ("note_tag_on_tag", "CREATE INDEX note_tag_on_tag ON note_tag (tag, created_at)"),
    ]

    /// Builds the listing indexes a first pull killed midway left out (see
    /// ``enterBulkPull(incoming:)``); nothing to do otherwise. `margin sync` calls it before
    /// it connects, holding the store's sync lock.
    package func buildListingIndexesIfLeft() throws(NoteStoreError) {
        do {
            guard try !writer.read(Self.missingListingIndexes).isEmpty else { return }
            try writer.writeWithoutTransaction(Self.buildListingIndexesIfLeft)
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Builds whatever a first pull left to be built later: the listing indexes and the
    /// full-text index.
    package func buildLeftIndexes() throws(NoteStoreError) {
        do {
            try writer.writeWithoutTransaction { db in
                try Self.buildListingIndexesIfLeft(db)
                try db.inTransaction(.immediate) {
                    try Self.buildSearchIndexIfLeft(db)
                    return .commit
                }
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// The SQL that made index `name`, as the store records it.
    package func indexDefinition(_ name: String) throws(NoteStoreError) -> String? {
        do {
            return try writer.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// The listing indexes the store lacks (a first pull under way, or killed).
    package func missingListingIndexes() throws(NoteStoreError) -> [String] {
        do { return try writer.read(Self.missingListingIndexes) } catch { throw NoteStoreError(error, path: displayPath) }
    }

    static func missingListingIndexes(_ db: Database) throws -> [String] {
        let present = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        return listingIndexes.map(\.name).filter { !present.contains($0) }
    }

    /// Builds the listing indexes a first pull left out, in one transaction (the caller's, if
    /// one is open), sorting as a bulk import does (``ImportSettings``).
    static func buildListingIndexesIfLeft(_ db: Database) throws {
        guard try !missingListingIndexes(db).isEmpty else { return }
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
        try db.execute(sql: "PRAGMA cache_size = \(-ImportSettings.sortCacheKiB); PRAGMA threads = \(ImportSettings.sortThreads)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize); PRAGMA threads = \(threads)") }
        // Asked again inside the transaction: another process may have built them meanwhile.
        let create = {
            let missing = try missingListingIndexes(db)
            for (name, sql) in listingIndexes where missing.contains(name) { try db.execute(sql: sql) }
        }
        if db.isInsideTransaction {
            try create()
        } else {
            try db.inTransaction(.immediate) {
                try create()
                return .commit
            }
        }
    }
}
