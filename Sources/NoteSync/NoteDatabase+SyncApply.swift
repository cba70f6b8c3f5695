import Foundation
import GRDB
import NoteStore

/// The store's side of a pull: applying the hub's versions of notes.
extension NoteDatabase {
    /// A note's newest version on the hub: its JSON, or a tombstone (nil body).
    struct HubRecord: Sendable {
        var id: String
        var hlc: String
        var body: String?
    }

    /// An earlier text on the hub.
    struct HubVersion: Sendable {
        var id: String
        var hlc: String
        var kind: String
        var body: String
    }

    /// What applying a page did.
    struct Applied {
        var notes = 0
        var conflicts = 0
    }

    /// Applies one page from the hub and records `cursor` with it, in one transaction: a sync
    /// killed at any moment leaves either the whole page or none of it.
    ///
    /// A record replaces the local note when its stamp is newer. A local change the hub has
    /// not received yet and that is newer stays (the next push sends it); one that is older
    /// loses, and its text is kept as a `conflict` version that travels to the hub too.
    /// Nothing here is logged as a local change (`sync_clock.muted`), and the clock moves past
    /// every stamp the page brings.
    func apply(_ records: [HubRecord], versions: [HubVersion], cursor: [String: String]) throws(NoteStoreError) -> Applied {
        try writing { db in
            try db.execute(sql: "UPDATE sync_clock SET muted = 1")
            var applied = Applied()
            var newest: HybridTimestamp?
            let local = try db.cachedStatement(sql: "SELECT hlc, pending, deleted FROM sync_state WHERE note_id = ?")
            for record in records {
                if let stamp = HybridTimestamp(record.hlc), newest.map({ stamp > $0 }) ?? true { newest = stamp }
                let mine = try Row.fetchOne(local, arguments: [record.id])
                if let mine {
                    let (hlc, pending, deleted): (String, Bool, Bool) = (mine[0], mine[1], mine[2])
                    if hlc == record.hlc {
                        try db.execute(sql: "UPDATE sync_state SET pending = 0, base_hlc = hlc WHERE note_id = ?", arguments: [record.id])
                        continue
                    }
                    if hlc > record.hlc { continue }
                    if pending {
                        applied.conflicts += 1
                        if !deleted { try keepLosingText(db, id: record.id, hlc: hlc) }
                    }
                }
                try write(record, in: db)
                applied.notes += 1
            }
            let insertVersion = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO note_version (note_id, hlc, kind, text, updated_at, pushed)
                VALUES (?, ?, ?, CAST(? AS TEXT), ?, 1)
                """)
            for version in versions {
                guard let fields = HubBody.decodeVersion(version.body) else { continue }
                if let stamp = HybridTimestamp(version.hlc), newest.map({ stamp > $0 }) ?? true { newest = stamp }
                try insertVersion.execute(arguments: [version.id, version.hlc, version.kind, Data(fields.text.utf8), fields.updated_at])
            }
            if let newest { try Self.receive(newest, in: db) }
            try Self.setHubValues(cursor, in: db)
            try db.execute(sql: "UPDATE sync_clock SET muted = 0")
            return applied
        }
    }

    /// Writes the hub's version of a note and its log entry.
    private func write(_ record: HubRecord, in db: Database) throws {
        if let body = record.body {
            guard let note = HubBody.decode(body) else {
                throw DatabaseError(message: "the hub's note '\(record.id)' is not a note margin can read")
            }
            _ = try Self.save(note, in: db)
        } else {
            try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [record.id])
        }
        try db.execute(sql: """
            INSERT INTO sync_state (note_id, hlc, base_hlc, deleted, pending) VALUES (?1, ?2, ?2, ?3, 0)
            ON CONFLICT (note_id) DO UPDATE SET hlc = ?2, base_hlc = ?2, deleted = ?3, pending = 0
            """, arguments: [record.id, record.hlc, record.body == nil])
    }

    /// Keeps the local text that lost to a newer version from the hub, to be pushed.
    private func keepLosingText(_ db: Database, id: String, hlc: String) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO note_version (note_id, hlc, kind, text, updated_at, pushed)
            SELECT id, ?, 'conflict', text, updated_at, 0 FROM note WHERE id = ?
            """, arguments: [hlc, id])
    }

    /// Moves the clock past `stamp`: the next local change is stamped later than anything seen.
    static func receive(_ stamp: HybridTimestamp, in db: Database) throws {
        try db.execute(sql: """
            UPDATE sync_clock SET
                counter = CASE WHEN ?1 > wall_ms THEN ?2 WHEN ?1 = wall_ms THEN max(counter, ?2) ELSE counter END,
                wall_ms = max(wall_ms, ?1)
            """, arguments: [stamp.wallMs, stamp.counter])
    }
}
