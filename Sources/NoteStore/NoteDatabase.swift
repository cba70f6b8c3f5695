import Foundation
import CSQLiteSetup
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// margin's note store: one SQLite file, reached through GRDB.
///
/// Following GRDB's `AppDatabase` pattern, this `Sendable` value owns the database writer and
/// exposes focused methods; every write is one transaction. Opening a file runs the named
/// migrations of ``migrator``, after refusing a file written by a newer margin.
public struct NoteDatabase: Sendable {
    /// The connection: one serialized SQLite connection (in WAL mode on disk).
    let writer: any DatabaseWriter
    /// The file, or nil for an in-memory store.
    public let path: String?
    /// The clock that stamps `updatedAt`; tests inject their own.
    let now: @Sendable () -> Date

    /// Opens the store at `path`, creating its directory (mode 0700) and file (mode 0600) if
    /// needed, and migrates it.
    ///
    /// The file is in WAL mode with a 10-second busy timeout, so that many `margin` processes
    /// can write at once without "database is locked". One connection serves both reads and
    /// writes: a command is one short sequence of statements, and a single connection opens
    /// in a fraction of the time a reader-and-writer pool takes.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(NoteStoreError) {
        try StoreFile.prepare(path)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: Self.configuration())
        } catch {
            throw NoteStoreError(error, path: path)
        }
        // Nothing has written to the file yet: a file from a newer margin is left untouched.
        try Self.refuseNewerSchema(queue, path: path)
        do {
            try queue.writeWithoutTransaction { db in
                try Self.enterWAL(db)
                // WAL's usual synchronous=NORMAL can drop the last commits on power loss. A note
                // is one small transaction typed by a human: FULL costs one fsync and keeps the
                // promise that capture never loses text.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
        } catch {
            throw NoteStoreError(error, path: path)
        }
        try self.init(writer: queue, path: path, now: now)
    }

    /// Puts the file in WAL mode (it stays so: the mode is kept in the file).
    ///
    /// While a bulk import in another process has the file in a rollback journal (see
    /// ``ImportSettings``), SQLite refuses the switch at once with SQLITE_BUSY. This connection
    /// then works in the rollback journal, waiting for the import's locks like for any other
    /// writer's; the import switches the file back when it ends.
    static func enterWAL(_ db: Database) throws {
        let mode: String?
        do {
            mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return
        }
        guard mode == "wal" else {
            throw DatabaseError(message: "could not switch the journal to WAL")
        }
    }

    /// Leaves the connection open for the rest of the process: for a command that exits right
    /// after its last write.
    ///
    /// Closing the last connection to a file checkpoints the WAL into it (two more fsyncs) and
    /// deletes the WAL, which the next writer then creates and syncs again. A process that exits
    /// with the connection open skips both; what it committed is already durable in the WAL
    /// (synchronous=FULL), and the next process reads it back from there.
    ///
    /// That next process cannot tell what was already checkpointed, so SQLite would never start
    /// the WAL over and it would keep growing: once it passes ``walFoldBytes`` it is folded into
    /// the file and truncated here, unless another connection is using it (then a later
    /// command does it).
    public func keepOpenUntilExit() {
        if let path, StoreFile.size(path + "-wal") > Self.walFoldBytes {
            try? writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
        _ = Unmanaged.passRetained(writer as AnyObject)
    }

    /// The WAL size past which ``keepOpenUntilExit()`` folds it into the file: a few dozen
    /// notes, little enough that reading it back on open stays well under a millisecond.
    static let walFoldBytes = 1 << 20

    /// An empty store in memory, for tests.
    public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) throws -> NoteDatabase {
        try NoteDatabase(writer: DatabaseQueue(configuration: configuration()), path: nil, now: now)
    }

    /// Wraps an open connection and migrates it.
    init(writer: any DatabaseWriter, path: String?, now: @escaping @Sendable () -> Date) throws(NoteStoreError) {
        self.writer = writer
        self.path = path
        self.now = now
        try migrate()
    }

    /// SQLite's process-wide settings (see `CSQLiteSetup.h`), made once, before the first
    /// connection opens: no mutex per call on a connection, no memory statistics. Inserting a
    /// million notes took 2.1–2.5 s with them and 2.6–3.1 s without.
    private static let sqliteSetUp = csqlite_setup()

    /// The path used in error messages.
    package var displayPath: String { path ?? ":memory:" }

    /// The connection settings shared by files and in-memory stores.
    static func configuration() -> Configuration {
        _ = sqliteSetUp
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "margin.notes"
        // Search ranks with it (see NoteDatabase+Search.swift); every connection needs it.
        configuration.prepareDatabase { db in
            let code = db.sqliteConnection.map { csqlite_register_rank(UnsafeMutableRawPointer($0)) } ?? SQLITE_MISUSE
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        }
        return configuration
    }

    /// Runs the migrations this file lacks.
    ///
    /// Several processes may open a brand-new file at once. GRDB reads which migrations ran,
    /// then runs each missing one in its own transaction; a process that read before another
    /// committed fails to create tables that now exist. It then reads again and runs what is
    /// still missing: each failure means another process applied a migration, so a try per
    /// migration is enough.
    private func migrate() throws(NoteStoreError) {
        let migrator = Self.migrator
        var attempts = 0
        while true {
            do {
                if try !Self.knownMigrations.isSubset(of: writer.read(Self.appliedMigrations) ?? []) {
                    try buildLeftIndexesBeforeMigrating(migrator)
                    try migrator.migrate(writer)
                }
                return
            } catch {
                attempts += 1
                if let applied = try? writer.read(Self.appliedMigrations), Self.knownMigrations.isSubset(of: applied) { return }
                if attempts > Self.migrationCount {
                    throw NoteStoreError(error, path: displayPath)
                }
            }
        }
    }

    /// A store a first pull left without its listing indexes or full-text index (see
    /// `NoteDatabase+BulkPull.swift`) gets them before a later migration runs, so that every
    /// migration finds the schema it was written for.
    private func buildLeftIndexesBeforeMigrating(_ migrator: DatabaseMigrator) throws {
        let leavesIndexes = try writer.read { db in
            try Self.hasMigrationsTable(db) && migrator.appliedIdentifiers(db).contains(Self.firstSchemaLeavingIndexes)
        }
        if leavesIndexes { try buildLeftIndexes() }
    }

    /// The first schema whose stores a first pull can leave without some indexes.
    static let firstSchemaLeavingIndexes = "v13"

    /// How many migrations ``migrator`` has.
    static var migrationCount: Int { knownMigrations.count }

    /// Throws `.newerSchema` when the file records migrations this build does not know.
    ///
    /// The check runs before anything writes to the file (switching the journal to WAL is a
    /// write), so a newer margin's file stays byte-identical.
    static func refuseNewerSchema(_ queue: DatabaseQueue, path: String) throws(NoteStoreError) {
        guard StoreFile.size(path) > 0 else { return }
        do {
            // Ask whether the migrations table exists before reading it: another process may
            // be creating this file right now, and GRDB's own check could then see the table
            // missing and present within one call, and fail.
            let applied = try queue.read(appliedMigrations)
            if let applied, !applied.isSubset(of: knownMigrations) {
                throw NoteStoreError.newerSchema(path: path)
            }
        } catch {
            throw NoteStoreError(error, path: path)
        }
    }

    /// The identifiers of the migrations GRDB recorded in the file; nil when it has no
    /// migrations table. Read through SQLite's own calls: GRDB's `appliedIdentifiers` decodes
    /// rows generically, and the runtime's first lookups of those conformances cost more, at
    /// every command's start, than the query.
    static func appliedMigrations(_ db: Database) throws -> Set<String>? {
        guard try hasMigrationsTable(db) else { return nil }
        let statement = try db.makeStatement(sql: "SELECT identifier FROM grdb_migrations")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var identifiers = Set<String>()
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                if let text = sqlite3_column_text(handle, 0) { identifiers.insert(String(cString: text)) }
            case SQLITE_DONE:
                return identifiers
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    /// The identifiers of ``migrator``'s migrations.
    static let knownMigrations = Set(migrator.migrations)

    /// Whether the file has GRDB's migrations table, read straight from `sqlite_master`
    /// (GRDB's `tableExists` first loads the whole schema, which costs more than the check).
    static func hasMigrationsTable(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations')")
            ?? false
    }

    /// Runs `body` on a read connection, mapping failures.
    func reading<T>(_ body: (Database) throws -> T) throws(NoteStoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Runs `body` in one write transaction, mapping failures; any error rolls it back.
    func writing<T>(_ body: (Database) throws -> T) throws(NoteStoreError) -> T {
        do {
            return try write(body)
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Runs `body` in one write transaction, on the schema as it is once the file is this
    /// connection's to write.
    ///
    /// A bulk import in another process drops the full-text and change-log triggers and makes
    /// them again (``ImportWriter``). A write that waited for that import to end would compile
    /// its statement and triggers against the schema this connection read before, and SQLite
    /// (3.40) then fails to compile the full-text trigger again ("no such table: note"). Reading
    /// `sqlite_master` first, inside the transaction, loads the new schema before anything
    /// else is compiled; it costs a few microseconds.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write { db in
            _ = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM sqlite_master"))
            return try body(db)
        }
    }
}
