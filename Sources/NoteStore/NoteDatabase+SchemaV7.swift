import GRDB

/// v7: the change log that `margin sync` reads, written by triggers in the same transaction as
/// every change.
///
/// - `sync_clock` (one row) is this store's hybrid logical clock: the last wall-clock
///   millisecond it stamped, a counter for changes within (or behind) that millisecond, and
///   the store's random node id, which breaks the last ties. `muted` is 1 only inside the
///   transaction that applies notes pulled from the hub, so that they are not logged as local
///   changes.
/// - `sync_state` has one row per note id this store has ever held: the stamp of its newest
///   change (`hlc`; for a tombstone, of the delete), the stamps of the last change to each part
///   a sync merges on its own (`text_hlc`, `tags_hlc`, `pin_hlc`; NULL when it is `hlc` itself,
///   as after an insert or an import, which keeps a million imported rows small), the hub's
///   stamp the local
///   version was made on top of (`base_hlc`), whether it is deleted, and whether the hub has
///   yet to receive it (`pending`).
/// - `note_version` keeps earlier texts of a note: the text an edit replaced, and the text that
///   lost a sync conflict. Versions travel to the hub too (`pushed`).
/// - `sync_hub` holds which hub this store last synced with and how far it has pulled.
///
/// The triggers stamp every insert, update and delete of a note and every change of its tags,
/// whichever writer makes it; an import drops them and stamps its notes in one statement
/// (``markChanged(_:afterSeq:seqs:)``).
extension NoteDatabase {
    static func migrateV7(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_clock (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                wall_ms INTEGER NOT NULL,
                counter INTEGER NOT NULL,
                node TEXT NOT NULL,
                muted INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO sync_clock (id, wall_ms, counter, node) VALUES (1, \(nowMs), 0, lower(hex(randomblob(8))));
            CREATE TABLE sync_state (
                note_id TEXT PRIMARY KEY,
                hlc TEXT NOT NULL,
                text_hlc TEXT,
                tags_hlc TEXT,
                pin_hlc TEXT,
                base_hlc TEXT,
                deleted INTEGER NOT NULL DEFAULT 0,
                pending INTEGER NOT NULL DEFAULT 1
            ) WITHOUT ROWID;
            CREATE INDEX sync_state_pending ON sync_state (note_id) WHERE pending;
            CREATE TABLE note_version (
                note_id TEXT NOT NULL,
                hlc TEXT NOT NULL,
                kind TEXT NOT NULL,
                text TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                pushed INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (note_id, hlc)
            ) WITHOUT ROWID;
            CREATE INDEX note_version_unpushed ON note_version (note_id) WHERE NOT pushed;
            CREATE TABLE sync_hub (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            INSERT INTO sync_state (note_id, hlc, deleted, pending)
            SELECT id, \(stamp), 0, 1 FROM note ORDER BY id;
            \(syncTriggers)
            """)
    }

    /// Now, in milliseconds since 1970, as SQLite reads the system clock.
    static let nowMs = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"

    /// Advances the clock for one change: to now, or one count past its last stamp when the
    /// wall clock has not moved on (or went back).
    static let tick = """
        UPDATE sync_clock SET
            counter = CASE WHEN \(nowMs) > wall_ms THEN 0 ELSE counter + 1 END,
            wall_ms = max(wall_ms, \(nowMs))
        """

    /// The clock's current stamp: `WALL-COUNTER-NODE`, fixed widths, so stamps sort as text.
    static let stamp = "(SELECT printf('%013d-%08d-%s', wall_ms, counter, node) FROM sync_clock)"

    /// The triggers that log changes; named `sync_…` so that an import can find them.
    static let syncTriggers = """
        CREATE TRIGGER sync_note_insert AFTER INSERT ON note
        WHEN (SELECT muted FROM sync_clock) = 0 BEGIN
            \(tick);
            INSERT INTO sync_state (note_id, hlc, deleted, pending) VALUES (new.id, \(stamp), 0, 1)
            \(upsertAll);
        END;
        CREATE TRIGGER sync_note_update AFTER UPDATE ON note
        WHEN (SELECT muted FROM sync_clock) = 0 BEGIN
            INSERT OR IGNORE INTO note_version (note_id, hlc, kind, text, updated_at)
            SELECT old.id, hlc, 'edited', old.text, old.updated_at FROM sync_state
            WHERE note_id = old.id AND old.text IS NOT new.text;
            \(tick);
            INSERT INTO sync_state (note_id, hlc, deleted, pending) VALUES (new.id, \(stamp), 0, 1)
            ON CONFLICT (note_id) DO UPDATE SET
                hlc = excluded.hlc, deleted = 0, pending = 1,
                text_hlc = CASE WHEN old.text IS NOT new.text THEN excluded.hlc ELSE coalesce(text_hlc, hlc) END,
                tags_hlc = coalesce(tags_hlc, hlc),
                pin_hlc = CASE WHEN \(pinChanged) THEN excluded.hlc ELSE coalesce(pin_hlc, hlc) END;
        END;
        CREATE TRIGGER sync_note_delete AFTER DELETE ON note
        WHEN (SELECT muted FROM sync_clock) = 0 BEGIN
            \(tick);
            INSERT INTO sync_state (note_id, hlc, deleted, pending) VALUES (old.id, \(stamp), 1, 1)
            ON CONFLICT (note_id) DO UPDATE SET hlc = excluded.hlc, deleted = 1, pending = 1, \(keepParts);
        END;
        \(tagTrigger("insert", row: "new"))
        \(tagTrigger("delete", row: "old"))
        """

    /// A new change to the whole note: every part stamped with it (NULL), alive, pending.
    static let upsertAll = """
        ON CONFLICT (note_id) DO UPDATE SET hlc = excluded.hlc, text_hlc = NULL, tags_hlc = NULL, pin_hlc = NULL,
            deleted = 0, pending = 1
        """

    /// The trigger that stamps a note's tags when a tag row is inserted or deleted (`row` is
    /// `new` or `old`): the other parts keep their stamps.
    static func tagTrigger(_ event: String, row: String) -> String {
        """
        CREATE TRIGGER sync_tag_\(event) AFTER \(event.uppercased()) ON note_tag
        WHEN (SELECT muted FROM sync_clock) = 0 BEGIN
            \(tick);
            UPDATE sync_state SET hlc = \(stamp), tags_hlc = \(stamp), pending = 1,
                text_hlc = coalesce(text_hlc, hlc), pin_hlc = coalesce(pin_hlc, hlc)
            WHERE note_id = (SELECT id FROM note WHERE seq = \(row).note_seq);
        END;
        """
    }

    /// Before `hlc` moves on without the parts changing: a part stamped NULL takes the old `hlc`.
    static let keepParts = "text_hlc = coalesce(text_hlc, hlc), tags_hlc = coalesce(tags_hlc, hlc), pin_hlc = coalesce(pin_hlc, hlc)"

    /// Whether an update changed the pin (the moment, or what is known of the episode).
    static let pinChanged = ["item_type", "item_id", "item_uri", "item_name", "show_id", "show_name", "progress_ms", "duration_ms"]
        .map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")

    /// Logs, in one pass, the notes an import wrote with the triggers dropped: every note above
    /// `afterSeq` and the stored ones in `seqs`, all under one new clock stamp. Nothing, like the
    /// triggers, while a sync applies what it pulled (`muted`).
    static func markChanged(_ db: Database, afterSeq: Int64, seqs: [Int64]) throws {
        guard try Int.fetchOne(db, sql: "SELECT muted FROM sync_clock") == 0 else { return }
        try db.execute(sql: tick)
        try db.execute(sql: """
            INSERT INTO sync_state (note_id, hlc, deleted, pending)
            SELECT id, \(stamp), 0, 1 FROM note WHERE seq > ? ORDER BY id \(upsertAll)
            """, arguments: [afterSeq])
        let one = try db.cachedStatement(sql: """
            INSERT INTO sync_state (note_id, hlc, deleted, pending)
            SELECT id, \(stamp), 0, 1 FROM note WHERE seq = ? \(upsertAll)
            """)
        for seq in seqs where seq <= afterSeq {
            try one.execute(arguments: [seq])
        }
    }

    /// Stamps a change made by merging (a sync's own write, with the triggers muted) and
    /// returns the stamp.
    static func stampMerge(_ db: Database) throws -> String {
        try db.execute(sql: tick)
        return try String.fetchOne(db, sql: "SELECT \(stamp)") ?? ""
    }
}
