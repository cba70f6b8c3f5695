import GRDB

/// v8: the podcast library cache. `episode` learns where the user stopped (Spotify's
/// `resume_point`), and `show` keeps what margin has seen of shows, so that
/// `margin episodes --annotated` works offline and costs no request while nothing is stale.
extension NoteDatabase {
    static func migrateV8(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE episode ADD COLUMN resume_position_ms INTEGER;
            ALTER TABLE episode ADD COLUMN fully_played INTEGER;
            ALTER TABLE episode ADD COLUMN available INTEGER NOT NULL DEFAULT 1;
            CREATE TABLE show (
                id TEXT PRIMARY KEY,
                name TEXT,
                publisher TEXT,
                total_episodes INTEGER,
                fetched_at TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }
}
