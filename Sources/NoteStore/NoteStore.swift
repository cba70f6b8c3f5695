import GRDB

/// The note store: notes in SQLite through GRDB (migrations, WAL, FTS5).
///
/// Only the namespace exists so far; the SQLite dependency is linked and built so that the
/// package's system requirements (`libsqlite3-dev`) are exercised from the start.
public enum NoteStore {
    /// The version of the SQLite library margin runs on.
    public static func sqliteVersion() throws -> String {
        try DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") } ?? "unknown"
    }
}
