import GRDB

/// Facts about the note store itself, for `--version` and bug reports.
///
/// The store proper is ``NoteDatabase``; its values are ``Note``, ``Pin`` and ``EpisodeInfo``.
public enum NoteStore {
    /// The version of the SQLite library margin runs on.
    public static func sqliteVersion() throws -> String {
        try DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") } ?? "unknown"
    }

    /// The migrations this build knows, in order; the last one is the schema it writes.
    public static var migrations: [String] { NoteDatabase.migrator.migrations }
}
