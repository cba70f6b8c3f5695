import Foundation
import GRDB

/// The store's side of a pull: applying the hub's versions of notes.
extension NoteDatabase {
    /// This store's sync state of one note.
    struct LocalState {
        var hlc: String
        var pending: Bool
        var deleted: Bool
        var base: String?
        var parts: [String]
        /// The tags of the ``base`` version, when they changed here since (else nil).
        var baseTags: [String]?

        init(_ row: Row) {
            (hlc, pending, deleted, base) = (row[0], row[1], row[2], row[3])
            parts = [row[4], row[5], row[6]]
            baseTags = (row[7] as String?).flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
        }

        /// Whether part `index` changed here since the hub's version this one is based on.
        func changed(_ index: Int) -> Bool { Self.isAfter(parts[index], base) }

        /// Whether a part stamped `stamp` changed after `base` (always, without a base).
        static func isAfter(_ stamp: String, _ base: String?) -> Bool { base.map { stamp > $0 } ?? true }
    }

    /// Applies one page from the hub and records `cursor` with it, in one transaction: a sync
    /// killed at any moment leaves either the whole page or none of it.
    ///
    /// A record replaces the local note when the local one has no change the hub lacks. When
    /// both changed, they are merged part by part (text, tags, pin), the newer change of each
    /// winning; a text both changed keeps the losing one as a `conflict` version, and the
    /// merge is a new local change, pushed next. A delete and an edit: the later one wins, and
    /// a text a delete removes is kept as a version. Nothing here is logged by the triggers
    /// (`sync_clock.muted`), and the clock first moves past `newest`, the latest stamp the
    /// page brings. `reader` reads the hub's JSON.
    package func apply(
        _ records: [HubRecord], versions: [HubVersion], cursor: [String: String],
        newest: (wallMs: Int64, counter: Int64)?, reader: some HubBodyReader
    ) throws(NoteStoreError) -> Applied {
        try writing { db in
            try db.execute(sql: "UPDATE sync_clock SET muted = 1")
            if let newest { try Self.receive(wallMs: newest.wallMs, counter: newest.counter, in: db) }
            var applied = Applied()
            let local = try db.cachedStatement(sql: """
                SELECT hlc, pending, deleted, base_hlc, coalesce(text_hlc, hlc), coalesce(tags_hlc, hlc), coalesce(pin_hlc, hlc),
                       base_tags
                FROM sync_state WHERE note_id = ?
                """)
            let node = try String.fetchOne(db, sql: "SELECT node FROM sync_clock") ?? ""
            let states = try SyncStates(db)
            var fresh: [HubRecord] = []
            for record in records {
                // Most notes of a first pull are new: asked about without a row made for each.
                guard try states.has(record.id), let mine = try Row.fetchOne(local, arguments: [record.id]).map(LocalState.init) else {
                    if record.body != nil { fresh.append(record) } else { try states.log(record) }
                    applied.notes += 1
                    continue
                }
                if mine.hlc == record.hlc {
                    try db.execute(sql: "UPDATE sync_state SET pending = 0, base_hlc = hlc, base_tags = NULL WHERE note_id = ?",
                                   arguments: [record.id])
                } else if mine.pending, record.hlc < mine.hlc, Self.node(of: record.hlc) == node, mine.base.map({ $0 < record.hlc }) ?? true {
                    // This store's own earlier version, pushed while the note changed again
                    // here: no conflict, the newer change is now made on top of it.
                    try rebase(record, onto: mine, reader, in: db)
                } else if !mine.pending {
                    guard mine.hlc < record.hlc else { continue }
                    try write(record, reader, in: db)
                    applied.notes += 1
                } else if mine.base != record.hlc {
                    // Both sides changed the note: merge.
                    if try merge(record, into: mine, reader, in: db) { applied.conflicts += 1 }
                    applied.notes += 1
                }
            }
            try insert(fresh, reader, in: db)
            let insertVersion = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO note_version (note_id, hlc, kind, text, updated_at, pushed)
                VALUES (?, ?, ?, CAST(? AS TEXT), ?, 1)
                """)
            for version in versions {
                guard let fields = reader.version(from: version.body) else { continue }
                try insertVersion.execute(arguments: [version.id, version.hlc, version.kind, Data(fields.text.utf8), fields.updatedAt])
            }
            try Self.setHubValues(cursor, in: db)
            try db.execute(sql: "UPDATE sync_clock SET muted = 0")
            return applied
        }
    }

    /// Stores notes this store never had, through the import's writer: a first pull of a
    /// hundred thousand notes is then bound by the import's speed, not by one save per note,
    /// and a page twice the size of the store is written in bulk (indexes built once).
    /// A page the importer refuses (a hub edited by hand) is saved note by note instead.
    private func insert(_ records: [HubRecord], _ reader: some HubBodyReader, in db: Database) throws {
        guard !records.isEmpty else { return }
        do {
            try db.inSavepoint {
                try Self.importing(in: db, estimatedRecords: records.count) { session in try reader.importNotes(records, into: &session) }
                return .commit
            }
        } catch {
            for record in records { _ = try Self.save(try decode(record.body ?? "", id: record.id, reader), in: db) }
        }
        let states = try SyncStates(db)
        for record in records { try states.log(record) }
    }

    /// Writes the hub's version of a note and its log entry.
    private func write(_ record: HubRecord, _ reader: some HubBodyReader, in db: Database) throws {
        if let body = record.body {
            _ = try Self.save(try decode(body, id: record.id, reader), in: db)
        } else {
            try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [record.id])
        }
        try logState(record, in: db)
    }

    /// Records that this store has the hub's version of a note.
    private func logState(_ record: HubRecord, in db: Database) throws {
        try SyncStates(db).log(record)
    }

    /// Makes the hub's `record`, an earlier version of this store's own, the base of the local
    /// change that followed it; the tags it had are kept as the base's when they differ.
    private func rebase(_ record: HubRecord, onto mine: LocalState, _ reader: some HubBodyReader, in db: Database) throws {
        let pushed = try record.body.map { try decode($0, id: record.id, reader) }
        let tags = try Row.fetchOne(db, sql: "SELECT \(Note.selection) FROM note WHERE id = ?", arguments: [record.id])
            .map { try Note(row: $0).tags }
        let baseTags = pushed.flatMap { $0.tags == tags ? nil : Self.json($0.tags) }
        try db.execute(sql: "UPDATE sync_state SET base_hlc = ?, base_tags = ? WHERE note_id = ?",
                       arguments: [record.hlc, baseTags, record.id])
    }

    /// Tags as the JSON array `base_tags` holds.
    static func json(_ tags: [String]) -> String {
        (try? JSONEncoder().encode(tags)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The tags both sides changed, merged per tag against `base` (the tags of the version
    /// both started from): a tag stays when neither side removed it, and every tag either side
    /// added is there. Without a known base, the union: nothing added is lost.
    static func mergeTags(local: [String], remote: [String], base: [String]?) -> [String] {
        guard let base else { return local + remote.filter { !local.contains($0) } }
        let kept = base.filter { local.contains($0) && remote.contains($0) }
        let added = local.filter { !base.contains($0) } + remote.filter { !base.contains($0) && !local.contains($0) }
        return kept + added
    }

    /// Merges the hub's version into a local one that changed too; true when a part both
    /// changed (or a delete met an edit): a conflict.
    private func merge(_ record: HubRecord, into mine: LocalState, _ reader: some HubBodyReader, in db: Database) throws -> Bool {
        let remote = try record.body.map { try decode($0, id: record.id, reader) }
        let local = mine.deleted ? nil : try Row.fetchOne(
            db, sql: "SELECT \(Note.selection) FROM note WHERE id = ?", arguments: [record.id]).map { try Note(row: $0) }
        guard let remote, let local else {
            switch (local, remote) {
            case (nil, nil):
                try write(record, reader, in: db)
                return false
            case (let local?, nil) where record.hlc > mine.hlc:
                try keep(local.text, stamp: mine.parts[0], of: local, in: db)
                try write(record, reader, in: db)
            case (nil, let remote?) where mine.hlc > record.hlc:
                try keep(remote.text, stamp: record.parts[0], of: remote, in: db)
                try db.execute(sql: "UPDATE sync_state SET base_hlc = ?, base_tags = NULL WHERE note_id = ?", arguments: [record.hlc, record.id])
            case (nil, _?):
                try write(record, reader, in: db)
            default:
                try db.execute(sql: "UPDATE sync_state SET base_hlc = ?, base_tags = NULL WHERE note_id = ?", arguments: [record.hlc, record.id])
            }
            return true
        }
        let wins = (0..<3).map { mine.parts[$0] >= record.parts[$0] }
        var merged = remote
        // Segments say where the text was spoken: they go with the text that wins.
        if wins[0] { (merged.text, merged.segments) = (local.text, local.segments) }
        if wins[1] { merged.tags = local.tags }
        if wins[2] { merged.pin = local.pin }
        merged.updatedAt = max(local.updatedAt, remote.updatedAt)
        // A part clashes when it differs and both sides changed it since the common base.
        let differs = [local.text != remote.text, local.tags != remote.tags, local.pin != remote.pin]
        let clashes = (0..<3).map { differs[$0] && mine.changed($0) && LocalState.isAfter(record.parts[$0], mine.base) }
        // Tags both changed merge per tag, which is no conflict.
        if clashes[1] {
            merged.tags = Self.mergeTags(local: local.tags, remote: remote.tags, base: mine.baseTags)
        }
        let clash = clashes[0] || clashes[2]
        if clashes[0] {
            let (loser, stamp) = wins[0] ? (remote, record.parts[0]) : (local, mine.parts[0])
            try keep(loser.text, stamp: stamp, of: loser, in: db)
        }
        if merged.text == remote.text && merged.tags == remote.tags && merged.pin == remote.pin && merged.segments == remote.segments {
            try write(record, reader, in: db)
            return clash
        }
        _ = try Self.save(merged, in: db)
        let stamp = try NoteDatabase.stampMerge(db)
        var parts = (0..<3).map { wins[$0] ? mine.parts[$0] : record.parts[$0] }
        // Tags merged from both sides are a new change of their own.
        if merged.tags != local.tags && merged.tags != remote.tags { parts[1] = stamp }
        try db.execute(sql: """
            UPDATE sync_state SET hlc = ?, text_hlc = ?, tags_hlc = ?, pin_hlc = ?, base_hlc = ?, base_tags = ?, deleted = 0, pending = 1
            WHERE note_id = ?
            """, arguments: [stamp, parts[0], parts[1], parts[2], record.hlc,
                             merged.tags == remote.tags ? nil : Self.json(remote.tags), record.id])
        return clash
    }

    /// The store that made a change: the last part of its stamp (`WALL-COUNTER-NODE`).
    static func node(of stamp: String) -> Substring {
        stamp.split(separator: "-", omittingEmptySubsequences: false).last ?? ""
    }

    /// Keeps a text that lost, as a `conflict` version to be pushed.
    private func keep(_ text: String, stamp: String, of note: Note, in db: Database) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO note_version (note_id, hlc, kind, text, updated_at, pushed)
            VALUES (?, ?, 'conflict', CAST(? AS TEXT), ?, 0)
            """, arguments: [note.id, stamp, Data(text.utf8), NoteTimestamp.string(from: note.updatedAt)])
    }

    /// The hub's JSON of a note, read; a hub edited by hand can hold what is not one.
    private func decode(_ body: String, id: String, _ reader: some HubBodyReader) throws -> Note {
        guard let note = reader.note(from: body) else {
            throw DatabaseError(message: "the hub's note '\(id)' is not a note margin can read")
        }
        return note
    }

    /// Moves the clock past the stamp of `wallMs` and `counter`: the next local change is
    /// stamped later than anything seen.
    static func receive(wallMs: Int64, counter: Int64, in db: Database) throws {
        try db.execute(sql: """
            UPDATE sync_clock SET
                counter = CASE WHEN ?1 > wall_ms THEN ?2 WHEN ?1 = wall_ms THEN max(counter, ?2) ELSE counter END,
                wall_ms = max(wall_ms, ?1)
            """, arguments: [wallMs, counter])
    }
}
