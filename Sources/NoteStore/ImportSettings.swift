import Foundation
import GRDB

/// The connection settings an import runs under, set before its transaction and put back
/// after it.
enum ImportSettings {
    /// Runs `body` with a page cache of ``cacheKiB``, sorts in temporary files with helper
    /// threads, and foreign keys off; with `rollbackJournal`, also out of WAL mode when no
    /// other connection has the file open.
    ///
    /// - A large import touches index pages all over the file; with SQLite's default 2 MB
    ///   cache it would write them out and read them back again and again.
    /// - The indexes a bulk import rebuilds are sorted in runs of ``sortCacheKiB`` (the
    ///   sorter's run follows the page cache, shrunk for it by ``prepareSorting(_:)``). Each run
    ///   is sorted on a helper thread while the table is still being read, and the runs are
    ///   merged from temporary files. SQLite only uses helper threads for sorts in files.
    ///   A million notes' indexes took 5.6 s sorted whole in memory, and 2.1 s this way.
    /// - Foreign keys cost SQLite a lookup of the note for every tag written. An import writes
    ///   tags only under the notes it has just written, so they hold by construction.
    /// - In WAL mode every page of a bulk import would be written twice: to the WAL, then into
    ///   the file by the checkpoint. A rollback journal keeps only the pages that held data
    ///   before, so the new pages of an import into a new or small store are written once.
    ///   The commit is as atomic and as durable (`synchronous=FULL`). While such an import
    ///   runs, other margin processes wait for it (up to the busy timeout) instead of reading
    ///   the notes as they were; that is why only a bulk import does it.
    static func applied<T>(to db: Database, rollbackJournal: Bool, _ body: () throws -> T) throws -> T {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
        let foreignKeys = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        try db.execute(sql: """
            PRAGMA cache_size = \(-cacheKiB); PRAGMA temp_store = FILE; PRAGMA threads = \(sortThreads);
            PRAGMA foreign_keys = OFF
            """)
        let leftWAL = rollbackJournal && leaveWAL(db)
        defer {
            // Another process that opened the file meanwhile may hold it; then the next
            // margin command to open it alone switches it back.
            if leftWAL { _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
            try? db.execute(sql: """
                PRAGMA cache_size = \(cacheSize); PRAGMA temp_store = \(tempStore); PRAGMA threads = \(threads);
                PRAGMA foreign_keys = \(foreignKeys ? "ON" : "OFF")
                """)
        }
        return try body()
    }

    /// Shrinks the page cache to ``sortCacheKiB`` before a bulk import rebuilds its indexes:
    /// the sorter's runs are as large as the cache. ``applied(to:rollbackJournal:_:)`` puts
    /// the cache back with the other settings.
    static func prepareSorting(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = \(-sortCacheKiB)")
    }

    /// Switches the file from WAL to a rollback journal; false, leaving it in WAL, when
    /// another connection has it open (SQLite then refuses at once).
    private static func leaveWAL(_ db: Database) -> Bool {
        (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete"
    }

    /// The page cache an import may use, in KiB (SQLite's default is 2 000). Measured on a
    /// million notes: 41 s with the default, 34 s with 64 MiB, and no better with more.
    static let cacheKiB = 64 * 1024

    /// The page cache while a bulk import rebuilds its indexes, in KiB, and so the size of
    /// each sorted run. Runs this small sort within the processor's caches: a million notes'
    /// indexes took 3.1 s with it and 5.6 s sorted whole in 64 MiB (both without helper
    /// threads); 2 MiB and 4 MiB measured the same.
    static let sortCacheKiB = 4 * 1024

    /// Helper threads SQLite may sort with: one per processor, up to four.
    static let sortThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
}
