import Foundation
import GRDB

/// The SQL for a filter: a handful of fixed shapes, so prepared statements are cached per shape.
extension NoteFilter {
    /// `SELECT <columns> FROM note WHERE … ORDER BY … LIMIT …` and its arguments.
    ///
    /// With `itemID` the order is playback order and comes from `note_on_item`; otherwise newest
    /// first from `note_on_created_at` (or `note_on_show`). Ties are broken by id so that an
    /// export, imported elsewhere and exported again, lists notes in the same order.
    package func query(selecting columns: String) -> (sql: String, arguments: StatementArguments) {
        var (sql, arguments) = selection(selecting: columns)
        sql += itemID == nil
            ? " ORDER BY note.created_at DESC, note.id DESC"
            : " ORDER BY note.progress_ms, note.created_at, note.id"
        if let limit {
            // SQLite reads a negative LIMIT as "no limit".
            sql += " LIMIT ?"
            arguments.append(max(0, limit))
        }
        return (sql, StatementArguments(arguments))
    }

    /// `SELECT <columns> FROM <source> WHERE …` without order or limit, and its arguments.
    ///
    /// `source` is `note` or a join that starts with it; conditions name `note.` columns.
    package func selection(
        selecting columns: String, from source: String = "note"
    ) -> (sql: String, arguments: [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let itemID {
            conditions.append("note.item_id = ?")
            arguments.append(itemID)
        }
        if let showID {
            conditions.append("note.show_id = ?")
            arguments.append(showID)
        }
        if let tag {
            conditions.append("note.seq IN (SELECT note_tag.note_seq FROM note_tag WHERE note_tag.tag = ?)")
            arguments.append(tag)
        }
        if let since {
            // Rounded up: a note stored at .123 is not "at or after" .1234.
            let ms = Int64((since.timeIntervalSince1970 * 1000).rounded(.up))
            conditions.append("note.created_at >= ?")
            arguments.append(NoteTimestamp.string(milliseconds: ms))
        }
        if let pinned {
            // The unary + keeps SQLite from answering this through `note_on_item`, which would
            // find every unpinned note and then sort them all; walking the ordering index and
            // skipping pinned notes stops after `limit` rows.
            conditions.append(pinned ? "+note.item_id IS NOT NULL" : "+note.item_id IS NULL")
        }
        var sql = "SELECT \(columns) FROM \(source)"
        if !conditions.isEmpty {
            sql += " WHERE " + conditions.joined(separator: " AND ")
        }
        return (sql, arguments)
    }
}
