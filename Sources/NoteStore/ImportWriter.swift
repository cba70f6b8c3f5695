import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Writes import records inside the caller's transaction, fast enough for a million notes.
///
/// Notes are appended under new `seq` keys with one prepared statement, bound through SQLite's
/// C API straight from the records' UTF-8 (see `ImportWriter+SQLite.swift`). Before the first
/// write the full-text triggers are dropped, because FTS5 writes out its pending data at every
/// statement that fires them; ``finish()`` indexes the new and changed notes in one statement
/// and puts the triggers back. A bulk import (into a store holding fewer than half as many
/// notes as the input) also drops the secondary indexes, finds ids in memory instead of
/// through `note_on_id`, and builds the indexes again at the end: sorting once beats a random
/// B-tree insert per note. All of it is DDL inside the caller's transaction, so an import
/// that fails or is killed leaves the schema as it was. A pull's bulk page leaves the
/// full-text index and its triggers out altogether, for the first search to build; a write
/// that finds them out already leaves them so (`NoteDatabase+SearchIndex.swift`).
struct ImportWriter {
    /// The fewest records for which a bulk import is worth rebuilding every index.
    static let bulkThreshold = 4096

    let db: Database
    /// True for a bulk import (see the type's documentation).
    let bulk: Bool
    /// True when a bulk write leaves the full-text index to the first search (a pull's: see
    /// `NoteDatabase+SearchIndex.swift`).
    private let leavesSearchIndex: Bool
    /// Whether ``finish()`` indexes what was written: false when the index is left, by this
    /// write or by a pull before it (its triggers were not there to drop).
    private var indexesSearch = true
    /// The largest `seq` before the import: notes above it are new.
    private let lastSeqBefore: Int64
    private var nextSeq: Int64
    /// The index and trigger definitions dropped for the import, to run again at the end.
    private var dropped: [String] = []
    private var prepared = false
    /// Ids to `seq`, in a bulk import: the stored notes', then each new note's.
    private var seqByKey: [NoteKey: Int64] = [:]
    /// The stored notes the import replaced, for the change log.
    private var replacedSeqs: [Int64] = []
    private var statements: Statements

    /// Whether `records` records into a store whose largest `seq` is `storedSeq` are a bulk
    /// import (see the type's documentation).
    static func isBulk(records: Int, storedSeq: Int64) -> Bool {
        records >= bulkThreshold && storedSeq < Int64(records / 2)
    }

    /// Prepares for about `records` records, written in bulk or not; a bulk write
    /// `leavingSearchIndex` writes no full-text index (see `NoteDatabase+SearchIndex.swift`).
    init(_ db: Database, bulk: Bool, records: Int, leavingSearchIndex: Bool = false) throws {
        self.db = db
        self.bulk = bulk
        leavesSearchIndex = bulk && leavingSearchIndex
        lastSeqBefore = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM note") ?? 0
        nextSeq = lastSeqBefore + 1
        if !bulk {
            try db.execute(sql: """
                DROP TABLE IF EXISTS temp.import_old;
                CREATE TEMP TABLE import_old (seq INTEGER PRIMARY KEY, text TEXT NOT NULL, tags TEXT, item_name TEXT, show_name TEXT)
                """)
        }
        statements = try Statements(db, keepingOldText: !bulk)
        if bulk {
            seqByKey.reserveCapacity(records + Int(lastSeqBefore))
            let rows = try Row.fetchCursor(db, sql: "SELECT id, seq FROM note")
            while let row = try rows.next() {
                if let key = NoteKey(row[0] as String? ?? "") { seqByKey[key] = row[1] }
            }
        }
    }

    /// Adds the record, replaces an older version of it, or leaves a version that is as new or
    /// newer (times compare as text: the canonical form sorts in time order).
    ///
    /// Records are taken in input order, so a later record with the same id is judged against
    /// what the earlier one left.
    mutating func write(_ record: ImportedNote) throws -> ImportOutcome {
        let id = record[record.id]
        guard let (seq, storedUpdatedAt) = try stored(record, id: id) else {
            try prepareForWriting()
            let seq = nextSeq
            nextSeq += 1
            let insert = statements.insertNote
            try bind(insert, 1, seq)
            try bind(insert, 2, id)
            try bindNote(record, to: insert)
            try run(insert)
            try insertTags(of: record, seq: seq)
            try writeSegments(of: record, seq: seq, replacing: false)
            return .added
        }
        guard storedUpdatedAt.utf8.lexicographicallyPrecedes(record[record.updatedAt]) else {
            // Not newer: the stored note stays. A record that says something else is a conflict
            // the user hears about, not an "unchanged" one.
            return try matchesStored(record, seq: seq) ? .unchanged : .conflict
        }
        try prepareForWriting()
        if let keepOldText = statements.keepOldText, seq <= lastSeqBefore {
            // The old text, tags and names leave the full-text index in `finish()`.
            try bind(keepOldText, 1, seq)
            try run(keepOldText)
        }
        replacedSeqs.append(seq)
        try bind(statements.updateNote, 1, seq)
        try bindNote(record, to: statements.updateNote)
        try run(statements.updateNote)
        try bind(statements.deleteTags, 1, seq)
        try run(statements.deleteTags)
        try insertTags(of: record, seq: seq)
        try writeSegments(of: record, seq: seq, replacing: true)
        return .updated
    }

    /// Brings the indexes, the full-text index and the triggers up to date.
    mutating func finish() throws {
        guard prepared else {
            if !bulk { try db.execute(sql: "DROP TABLE temp.import_old") }
            return
        }
        try NoteDatabase.markChanged(db, afterSeq: lastSeqBefore, seqs: replacedSeqs)
        if bulk {
            try ImportSettings.prepareSorting(db)
            for sql in dropped { try db.execute(sql: sql) }
            if indexesSearch {
                try NoteDatabase.rebuildSearchIndex(db, onlyAfter: replacedSeqs.isEmpty ? lastSeqBefore : nil)
            }
        } else {
            if indexesSearch {
                // Two statements, not one `seq > ? OR seq IN (…)`: SQLite plans that OR as a
                // scan of the whole table, which a pull paid at every page, in a store growing
                // by a page each time.
                try db.execute(sql: """
                    INSERT INTO note_ft (note_ft, rowid, \(NoteDatabase.searchColumns))
                    SELECT 'delete', seq, \(NoteDatabase.searchColumns) FROM temp.import_old;
                    INSERT INTO note_ft (rowid, \(NoteDatabase.searchColumns))
                    SELECT seq, \(NoteDatabase.searchColumns) FROM note_search WHERE seq > ? ORDER BY seq;
                    INSERT INTO note_ft (rowid, \(NoteDatabase.searchColumns))
                    SELECT seq, \(NoteDatabase.searchColumns) FROM note_search
                    WHERE seq IN (SELECT seq FROM temp.import_old WHERE seq <= ?) ORDER BY seq;
                    """, arguments: [lastSeqBefore, lastSeqBefore])
            }
            try db.execute(sql: "DROP TABLE temp.import_old")
            for sql in dropped { try db.execute(sql: sql) }
        }
    }

    /// The triggers an import drops: the full-text index's and the change log's (`sync_…`).
    private static let droppedTriggers =
        "(name LIKE '\\_\\_note\\_ft\\_%' ESCAPE '\\' OR name LIKE 'sync\\_%' ESCAPE '\\')"

    /// Drops the triggers (and in a bulk import the indexes) before the first write.
    private mutating func prepareForWriting() throws {
        guard !prepared else { return }
        prepared = true
        let kinds = bulk
            ? "(type = 'index' AND tbl_name IN ('note', 'note_tag')) OR (type = 'trigger' AND \(Self.droppedTriggers))"
            : "type = 'trigger' AND \(Self.droppedTriggers)"
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (\(kinds))
            ORDER BY type = 'trigger', name
            """)
        indexesSearch = false
        for row in rows {
            let (type, name, sql): (String, String, String) = (row[0], row[1], row[2])
            try db.execute(sql: "DROP \(type == "index" ? "INDEX" : "TRIGGER") \(name.quotedDatabaseIdentifier)")
            let searchTrigger = NoteDatabase.searchTriggerNames.contains(name)
            if searchTrigger { indexesSearch = !leavesSearchIndex }
            if !(searchTrigger && leavesSearchIndex) { dropped.append(sql) }
        }
    }

    /// The stored note with the record's id (`id`): its `seq` and `updated_at`.
    ///
    /// In a bulk import a new id is given the next `seq` here already, in the same hash
    /// lookup that finds it is new.
    private mutating func stored(_ record: ImportedNote, id: UnsafeBufferPointer<UInt8>) throws -> (Int64, String)? {
        if bulk {
            guard let seq = seqByKey.updateValue(nextSeq, forKey: record.key) else { return nil }
            seqByKey[record.key] = seq
            let statement = statements.updatedAtBySeq
            try bind(statement, 1, seq)
            defer { sqlite3_reset(statement) }
            guard try step(statement) else {
                seqByKey[record.key] = nextSeq
                return nil
            }
            return (seq, text(statement, 0))
        }
        let statement = statements.findByID
        try bind(statement, 1, id)
        defer { sqlite3_reset(statement) }
        return try step(statement) ? (sqlite3_column_int64(statement, 0), text(statement, 1)) : nil
    }

    /// True when the note stored under `seq` has the record's text, creation time, pin, tags
    /// and segments (`updated_at` aside).
    private func matchesStored(_ record: ImportedNote, seq: Int64) throws -> Bool {
        let statement = statements.sameAsStored
        try bind(statement, 1, seq)
        try bindNote(record, to: statement)
        // Tags never hold U+001F, so each one found between two of them is one of the record's.
        var tags: [UInt8] = [0x1F]
        for tag in record.tags {
            tags.append(contentsOf: record[tag])
            tags.append(0x1F)
        }
        try tags.withUnsafeBufferPointer { try bind(statement, 14, $0) }
        try bind(statement, 15, record.tags.count)
        try bind(statement, 16, record.segments.map { record[$0] })
        defer { sqlite3_reset(statement) }
        return try step(statement) && sqlite3_column_int(statement, 0) == 1
    }

    /// Inserts the record's tags under `seq`, each with the note's `created_at` (the same
    /// bytes the note row gets), which `note_tag_on_tag` orders a tag's notes by.
    private func insertTags(of record: ImportedNote, seq: Int64) throws {
        let insert = statements.insertTag
        for tag in record.tags {
            try bind(insert, 1, seq)
            try bind(insert, 2, record[tag])
            try bind(insert, 3, record[record.createdAt])
            try run(insert)
        }
    }

    /// Stores the record's segments under `seq`; `replacing` a stored note's, which go first
    /// (a record without segments leaves the note none).
    private func writeSegments(of record: ImportedNote, seq: Int64, replacing: Bool) throws {
        if replacing {
            try bind(statements.deleteSegments, 1, seq)
            try run(statements.deleteSegments)
        }
        guard let segments = record.segments else { return }
        try bind(statements.insertSegments, 1, seq)
        try bind(statements.insertSegments, 2, record[segments])
        try run(statements.insertSegments)
    }

    /// Binds a note's columns but its id, from parameter 3 on (`text` … `duration_ms`).
    private func bindNote(_ record: ImportedNote, to statement: SQLiteStatement) throws {
        let pin = record.pin
        try bind(statement, 3, record[record.text])
        try bind(statement, 4, record[record.createdAt])
        try bind(statement, 5, record[record.updatedAt])
        try bind(statement, 6, pin.map { record[$0.itemType] })
        try bind(statement, 7, pin.map { record[$0.itemID] })
        try bind(statement, 8, pin.map { record[$0.itemURI] })
        try bind(statement, 9, pin?.itemName.map { record[$0] })
        try bind(statement, 10, pin?.showID.map { record[$0] })
        try bind(statement, 11, pin?.showName.map { record[$0] })
        try bind(statement, 12, pin?.progressMs)
        try bind(statement, 13, pin?.durationMs)
    }
}
