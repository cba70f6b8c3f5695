import Foundation
import GRDB

/// margin's note store: one SQLite file, reached through GRDB.
///
/// Following GRDB's `AppDatabase` pattern, this `Sendable` value owns the database writer and
/// exposes focused methods; every write is one transaction. Opening a file runs the named
/// migrations of ``migrator``, after refusing a file written by a newer margin.
public struct NoteDatabase: Sendable {
    /// The connection (a WAL `DatabasePool` on disk, a `DatabaseQueue` in memory).
    let writer: any DatabaseWriter
    /// The file, or nil for an in-memory store.
    public let path: String?
    /// The clock that stamps `updatedAt`; tests inject their own.
    let now: @Sendable () -> Date

    /// Opens the store at `path`, creating its directory (mode 0700) and file (mode 0600) if
    /// needed, and migrates it.
    ///
    /// The file is in WAL mode with a 10-second busy timeout, so that many `margin` processes
    /// can write at once without "database is locked".
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(NoteStoreError) {
        try StoreFile.prepare(path)
        try Self.refuseNewerSchema(at: path)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration())
            // GRDB picks synchronous=NORMAL for WAL, which can drop the last commits on power
            // loss. A note is one small transaction typed by a human: FULL costs one fsync and
            // keeps the promise that capture never loses text.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        } catch {
            throw NoteStoreError(error, path: path)
        }
        try self.init(writer: pool, path: path, now: now)
    }

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

    /// The path used in error messages.
    var displayPath: String { path ?? ":memory:" }

    /// The connection settings shared by files and in-memory stores.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "margin.notes"
        return configuration
    }

    /// Runs the migrations this file lacks.
    ///
    /// Several processes may open a brand-new file at once; all but one then fail to create
    /// tables that now exist. Such a loser finds the migrations complete and carries on.
    private func migrate() throws(NoteStoreError) {
        let migrator = Self.migrator
        do {
            if try !writer.read(migrator.hasCompletedMigrations) {
                try migrator.migrate(writer)
            }
        } catch {
            if (try? writer.read(migrator.hasCompletedMigrations)) != true {
                throw NoteStoreError(error, path: displayPath)
            }
        }
    }

    /// Throws `.newerSchema` when the file records migrations this build does not know.
    ///
    /// The check runs on a read-only connection before anything else opens the file, because
    /// opening a pool already writes (it switches the journal to WAL).
    static func refuseNewerSchema(at path: String) throws(NoteStoreError) {
        guard StoreFile.size(path) > 0 else { return }
        var configuration = configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // Ask whether the migrations table exists before reading it: another process may
            // be creating this file right now, and GRDB's own check could then see the table
            // missing and present within one call, and fail.
            let superseded = try queue.read { db in
                try db.tableExists("grdb_migrations") && migrator.hasBeenSuperseded(db)
            }
            if superseded {
                throw NoteStoreError.newerSchema(path: path)
            }
        } catch {
            throw NoteStoreError(error, path: path)
        }
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
            return try writer.write(body)
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }
}
