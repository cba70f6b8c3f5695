import Foundation
import GRDB

/// The store's side of a sync: what it has to push, and marking it pushed.
///
/// The change log (`sync_state`, written by the triggers of schema v7) names every note whose
/// newest version the hub has yet to receive; this reads it in `note_id` order, a chunk at a
/// time, so that a first push of a million notes never holds them all in memory.
extension NoteDatabase {
    /// A change to send: the note as it is now, or a tombstone.
    package struct Change: Sendable {
        package var id: String
        package var hlc: String
        /// The stamps of the last change to the text, the tags and the pin.
        package var parts: [String]
        /// The hub's stamp this change was made on top of; nil for a note the hub never had.
        package var base: String?
        /// The note; nil when it was deleted.
        package var note: Note?
    }

    /// An earlier text to send.
    package struct Version: Sendable {
        package var id: String
        package var hlc: String
        package var kind: String
        package var text: String
        package var updatedAt: String
    }

    /// Up to `limit` pending changes with ids after `after`, in id order: the rows of
    /// ``pendingRows(after:limit:_:)``, each made a ``Change``.
    package func pendingChanges(after: String, limit: Int) throws(NoteStoreError) -> [Change] {
        typealias Column = PendingColumn
        var changes: [Change] = []
        try pendingRows(after: after, limit: limit) { row in
            let note = row.int64(Column.tombstone) == 0 ? try row.note() : nil
            changes.append(Change(id: row.string(Column.id) ?? "", hlc: row.string(Column.hlc) ?? "",
                                  parts: Column.parts.map { row.string($0) ?? "" }, base: row.string(Column.base), note: note))
        }
        return changes
    }

    /// Every earlier text the hub has yet to receive.
    package func unpushedVersions() throws(NoteStoreError) -> [Version] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT note_id, hlc, kind, CAST(text AS BLOB), updated_at FROM note_version WHERE NOT pushed
                """).map { row in
                let text = (row[3] as Data?).map { String(decoding: $0, as: UTF8.self) } ?? ""
                return Version(id: row[0], hlc: row[1], kind: row[2], text: text, updatedAt: row[4])
            }
        }
    }

    /// Records that the hub has `changes` and `versions`, with `hubValues` (a cursor moved past
    /// them). A note changed again since it was read (its stamp moved on) stays pending.
    package func markPushed(_ changes: [(id: String, hlc: String)], versions: [(id: String, hlc: String)],
                    hubValues: [String: String]) throws(NoteStoreError) {
        try writing { db in
            try Self.setHubValues(hubValues, in: db)
            let change = try db.cachedStatement(sql: """
                UPDATE sync_state SET pending = 0, base_hlc = hlc, base_tags = NULL WHERE note_id = ? AND hlc = ?
                """)
            for (id, hlc) in changes { try change.execute(arguments: [id, hlc]) }
            let version = try db.cachedStatement(sql: "UPDATE note_version SET pushed = 1 WHERE note_id = ? AND hlc = ?")
            for (id, hlc) in versions { try version.execute(arguments: [id, hlc]) }
        }
    }

    /// A page cache big enough for a pull's pages of notes and their indexes (64 MiB, for this
    /// connection only): with SQLite's default 2 MiB a first pull spends most of its time
    /// reading back index pages it has just written.
    package func prepareForPull() throws(NoteStoreError) {
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -65536") }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// This store's node id (the last part of its clock stamps).
    package func syncNode() throws(NoteStoreError) -> String {
        try reading { db in try String.fetchOne(db, sql: "SELECT node FROM sync_clock") ?? "" }
    }

    /// The values kept about the hub (`hub`, `note_seq`, `version_seq`, `drained`).
    package func hubValues() throws(NoteStoreError) -> [String: String] {
        try reading { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT key, value FROM sync_hub").map { ($0[0], $0[1]) }, uniquingKeysWith: { $1 })
        }
    }

    /// Sets values kept about the hub, in one transaction.
    package func setHubValues(_ values: [String: String]) throws(NoteStoreError) {
        try writing { db in try Self.setHubValues(values, in: db) }
    }

    static func setHubValues(_ values: [String: String], in db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO sync_hub (key, value) VALUES (?, ?)")
        for (key, value) in values { try statement.execute(arguments: [key, value]) }
    }

    /// Starts over with a hub this store has not synced with: forgets the old hub's cursors and
    /// marks every note, tombstone and earlier text to be sent again.
    ///
    /// Only rows not already so are written: in a store that never synced (every change
    /// pending, none made on a hub's version) there are none, where rewriting 20 000 rows took
    /// 20 ms of a first sync.
    package func startOver(hub: String) throws(NoteStoreError) {
        try writing { db in
            try db.execute(sql: """
                DELETE FROM sync_hub;
                UPDATE sync_state SET pending = 1, base_hlc = NULL, base_tags = NULL
                    WHERE pending <> 1 OR base_hlc IS NOT NULL OR base_tags IS NOT NULL;
                UPDATE note_version SET pushed = 0 WHERE pushed <> 0;
                """)
            try Self.setHubValues(["hub": hub], in: db)
        }
    }
}
