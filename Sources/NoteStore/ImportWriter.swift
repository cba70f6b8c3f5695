import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Writes import records inside the caller's transaction, fast enough for a million notes.
///
/// New notes are inserted by batches, with multi-row `INSERT`s: every statement that may need
/// rolling back opens a savepoint, and at each savepoint FTS5 writes out the index data it was
/// holding, so a statement per note cost more than all else. Tags are keyed by note id, which
/// is random, so inserting them as notes come would touch the whole `note_tag` tree for each;
/// they are gathered in a temporary table instead and inserted once, sorted, by ``finish()``.
/// Values are bound through SQLite's C API straight from the records' UTF-8 (see
/// `ImportWriter+SQLite.swift`), not through GRDB `StatementArguments` per row.
struct ImportWriter {
    /// New notes gathered before they are inserted.
    static let batchSize = 1024

    let db: Database
    private let lookup: Statement
    private let update: Statement
    private let deleteTags: Statement
    /// Multi-row inserts by table and row count, prepared as needed.
    private let inserts = InsertStatements()
    /// The most rows one `INSERT` may carry, from SQLite's limit on parameters.
    private let parameterLimit: Int
    /// New notes not yet inserted, and where each id is among them.
    private var pending: [ImportRecord] = []
    private var pendingIndex: [String: Int] = [:]

    /// Prepares (or takes from GRDB's cache) the statements an import needs.
    init(_ db: Database) throws {
        self.db = db
        lookup = try db.cachedStatement(sql: "SELECT updated_at FROM note WHERE id = ?")
        update = try db.cachedStatement(sql: Note.updateSQL)
        deleteTags = try db.cachedStatement(sql: "DELETE FROM note_tag WHERE note_id = ?")
        // GRDB resets a statement before it runs again, not after: one it ran last is still
        // "done", and SQLite refuses bindings until it is reset.
        for statement in [lookup, update, deleteTags] {
            sqlite3_reset(statement.sqliteStatement)
        }
        // `updated_at` tells which version of a note the tags belong to, when an import holds
        // several versions of one note.
        try db.execute(sql: """
            DROP TABLE IF EXISTS temp.import_tag;
            CREATE TEMP TABLE import_tag (note_id TEXT NOT NULL, tag TEXT NOT NULL, updated_at TEXT NOT NULL)
            """)
        parameterLimit = Int(db.sqliteConnection.map { sqlite3_limit($0, SQLITE_LIMIT_VARIABLE_NUMBER, -1) } ?? 999)
        pending.reserveCapacity(Self.batchSize)
    }

    /// Adds the record, replaces an older version of it, or leaves a version that is as new or
    /// newer (times compare as text: the canonical form sorts in time order).
    ///
    /// Records are taken in input order, so a later record with the same id is judged against
    /// what the earlier one left, whether that is still pending or already written.
    mutating func write(_ record: ImportRecord) throws -> ImportRecord.Outcome {
        if let index = pendingIndex[record.id] {
            guard pending[index].updatedAt < record.updatedAt else { return .unchanged }
            pending[index] = record
            return .updated
        }
        guard let stored = try storedUpdatedAt(record.id) else {
            pendingIndex[record.id] = pending.count
            pending.append(record)
            if pending.count == Self.batchSize { try flush() }
            return .added
        }
        guard stored < record.updatedAt else { return .unchanged }
        let statement = update.sqliteStatement
        try bindNote(record, to: statement, at: 1)
        try run(statement)
        try bind(deleteTags.sqliteStatement, 1, record.id)
        try run(deleteTags.sqliteStatement)
        try stageTags(of: [record])
        return .updated
    }

    /// Inserts the pending notes and stages their tags.
    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        let notes = pending
        try insertRows(notes.count, into: "note", columns: Self.noteColumns) { index, statement, first in
            try bindNote(notes[index], to: statement, at: first)
        }
        try stageTags(of: notes)
        pending.removeAll(keepingCapacity: true)
        pendingIndex.removeAll(keepingCapacity: true)
    }

    /// Inserts what is pending, then the staged tags of the version of each note that was kept.
    mutating func finish() throws {
        try flush()
        try db.execute(sql: """
            INSERT INTO note_tag (note_id, tag)
            SELECT note_id, tag FROM temp.import_tag AS staged
            WHERE updated_at = (SELECT updated_at FROM note WHERE id = staged.note_id)
            ORDER BY note_id, tag;
            DROP TABLE temp.import_tag
            """)
    }

    /// The columns of a note row, in the order ``bindNote(_:to:at:)`` binds them.
    private static let noteColumns = [
        "id", "text", "created_at", "updated_at", "item_type", "item_id", "item_uri", "item_name",
        "show_id", "show_name", "progress_ms", "duration_ms",
    ]

    /// Adds the tags of `records` to `temp.import_tag`, with the version they belong to.
    private func stageTags(of records: [ImportRecord]) throws {
        let tagged = records.flatMap { record in record.tags.map { (record, $0) } }
        try insertRows(tagged.count, into: "temp.import_tag", columns: ["note_id", "tag", "updated_at"]) {
            index, statement, first in
            try bind(statement, first, tagged[index].0.id)
            try bind(statement, first + 1, tagged[index].1)
            try bind(statement, first + 2, tagged[index].0.updatedAt)
        }
    }

    /// Inserts `count` rows, binding row `i` with `bindRow(i, statement, firstParameter)`.
    ///
    /// Rows go by the largest chunk SQLite's parameter limit allows (at most ``batchSize``),
    /// the rest by powers of two, so that only a few distinct statements are ever prepared.
    private func insertRows(
        _ count: Int, into table: String, columns: [String],
        _ bindRow: (Int, SQLiteStatement, Int32) throws -> Void
    ) throws {
        let largest = max(1, min(Self.batchSize, parameterLimit / columns.count))
        var done = 0
        while done < count {
            let remaining = count - done
            let rows = remaining >= largest ? largest : 1 << (Int.bitWidth - 1 - remaining.leadingZeroBitCount)
            let statement = try insertStatement(table, columns: columns, rows: rows)
            for row in 0..<rows {
                try bindRow(done + row, statement, Int32(row * columns.count + 1))
            }
            try run(statement)
            done += rows
        }
    }

    /// `INSERT INTO table (columns) VALUES (?, …), …` for `rows` rows, prepared once.
    private func insertStatement(_ table: String, columns: [String], rows: Int) throws -> SQLiteStatement {
        let key = "\(table) \(rows)"
        if let statement = inserts.byKey[key] { return statement.sqliteStatement }
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
        let statement = try db.makeStatement(sql: sql)
        inserts.byKey[key] = statement
        return statement.sqliteStatement
    }

    /// Binds a note's columns from parameter `first` on, in the order of ``noteColumns``,
    /// which is also that of ``Note/updateSQL``.
    private func bindNote(_ record: ImportRecord, to statement: SQLiteStatement, at first: Int32) throws {
        let pin = record.pin
        try bind(statement, first, record.id)
        try bind(statement, first + 1, record.text)
        try bind(statement, first + 2, record.createdAt)
        try bind(statement, first + 3, record.updatedAt)
        try bind(statement, first + 4, pin?.itemType)
        try bind(statement, first + 5, pin?.itemID)
        try bind(statement, first + 6, pin?.itemURI)
        try bind(statement, first + 7, pin?.itemName)
        try bind(statement, first + 8, pin?.showID)
        try bind(statement, first + 9, pin?.showName)
        try bind(statement, first + 10, pin?.progressMs)
        try bind(statement, first + 11, pin?.durationMs)
    }

    /// The stored `updated_at` of the note with this id, or nil when there is none.
    private func storedUpdatedAt(_ id: String) throws -> String? {
        let statement = lookup.sqliteStatement
        try bind(statement, 1, id)
        defer { sqlite3_reset(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            guard let text = sqlite3_column_text(statement, 0) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, 0))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        case SQLITE_DONE:
            return nil
        case let code:
            throw failure(code)
        }
    }

    /// The prepared multi-row inserts, shared by copies of the writer.
    private final class InsertStatements {
        var byKey: [String: Statement] = [:]
    }
}
