import Foundation
import GRDB

/// The SQL for a filter: a handful of fixed shapes, so prepared statements are cached per shape.
extension NoteFilter {
    /// The index a listing walks, in its order, testing the filter's other criteria on the way.
    ///
    /// Walking an index that is already in the listing's order lets a limited listing stop
    /// after `limit` matches instead of finding and sorting every match. Each criterion but
    /// the driver's is written so that SQLite cannot pick another index for it (a unary `+`,
    /// or a probe inside `EXISTS`), which would find every match and sort them.
    enum Driver: Sendable, Equatable {
        /// `note_on_item`: one item's notes, in playback order.
        case item
        /// `note_tag_on_tag`: one tag's notes, newest first.
        case tag
        /// `note_on_show`: one show's notes, newest first.
        case show
        /// `note_on_created_at`: every note, newest first.
        case time
    }

    /// The driver when nothing is known about how many notes each criterion selects: the item,
    /// else the tag, else the show. ``NoteDatabase`` weighs them when several are set (see
    /// `NoteDatabase.driver(for:_:)`).
    var defaultDriver: Driver {
        itemID != nil ? .item : tag != nil ? .tag : showID != nil ? .show : .time
    }

    /// `SELECT <columns> FROM … WHERE … ORDER BY … LIMIT …` and its arguments.
    ///
    /// With `itemID` the order is playback order and comes from `note_on_item`; otherwise newest
    /// first from the driver's index. Ties are broken by id so that an export, imported
    /// elsewhere and exported again, lists notes in the same order; the indexes end at the
    /// time, so SQLite sorts only each run of equal times ("temp b-tree for right part of
    /// order by").
    func query(
        selecting columns: String, driver: Driver? = nil
    ) -> (sql: String, arguments: StatementArguments) {
        let driver = driver ?? defaultDriver
        var (sql, arguments) = driven(selecting: columns, by: driver)
        if itemID != nil {
            // Straight from `note_on_item`, or sorted when another driver found fewer notes.
            sql += " ORDER BY note.progress_ms, note.created_at, note.id"
        } else {
            sql += driver == .tag
                ? " ORDER BY tagged.created_at DESC, note.id DESC"
                : " ORDER BY note.created_at DESC, note.id DESC"
        }
        if let limit {
            // SQLite reads a negative LIMIT as "no limit".
            sql += " LIMIT ?"
            arguments.append(max(0, limit))
        }
        return (sql, StatementArguments(arguments))
    }

    /// The listing's `SELECT … FROM … WHERE …` for `driver`, without order or limit.
    ///
    /// The tag driver reads `note_tag` first and joins each row's note (`CROSS JOIN` keeps that
    /// order); `tagged.created_at` is the note's own (schema v5), so the range and the order
    /// come from `note_tag_on_tag`.
    private func driven(
        selecting columns: String, by driver: Driver
    ) -> (sql: String, arguments: [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        let sinceString = sinceTimestamp
        if driver == .tag, let tag {
            conditions.append("tagged.tag = ?")
            arguments.append(tag)
            if let sinceString {
                conditions.append("tagged.created_at >= ?")
                arguments.append(sinceString)
            }
        }
        if let itemID {
            conditions.append(driver == .item ? "note.item_id = ?" : "+note.item_id = ?")
            arguments.append(itemID)
        }
        if let showID {
            conditions.append(driver == .show ? "note.show_id = ?" : "+note.show_id = ?")
            arguments.append(showID)
        }
        if let sinceString, driver != .tag {
            // Only the time and show drivers have `created_at` right after their equality; the
            // item driver tests it on each of the item's notes.
            conditions.append(driver == .item ? "+note.created_at >= ?" : "note.created_at >= ?")
            arguments.append(sinceString)
        }
        if let untilTimestamp {
            // Tested on each note walked: the range's start, when there is one, is the seek.
            conditions.append("+note.created_at < ?")
            arguments.append(untilTimestamp)
        }
        if let tag, driver != .tag {
            // A probe of `note_tag`'s primary key per note walked.
            conditions.append("EXISTS (SELECT 1 FROM note_tag WHERE note_tag.note_seq = note.seq AND note_tag.tag = ?)")
            arguments.append(tag)
        }
        if let pinned {
            conditions.append(pinned ? "+note.item_id IS NOT NULL" : "+note.item_id IS NULL")
        }
        var sql = driver == .tag
            ? "SELECT \(columns) FROM note_tag AS tagged CROSS JOIN note ON note.seq = tagged.note_seq"
            : "SELECT \(columns) FROM note"
        if !conditions.isEmpty {
            sql += " WHERE " + conditions.joined(separator: " AND ")
        }
        return (sql, arguments)
    }

    /// `since` as a stored timestamp, rounded up: a note stored at .123 is not "at or after"
    /// .1234.
    var sinceTimestamp: String? {
        since.map { NoteTimestamp.string(milliseconds: Int64(($0.timeIntervalSince1970 * 1000).rounded(.up))) }
    }

    /// `until` as a stored timestamp, rounded up too: a note stored at .123 is "before" .1234.
    var untilTimestamp: String? {
        until.map { NoteTimestamp.string(milliseconds: Int64(($0.timeIntervalSince1970 * 1000).rounded(.up))) }
    }

    /// `SELECT <columns> FROM <source> WHERE …` without order or limit, and its arguments.
    ///
    /// `source` is `note` or a join that starts with it; conditions name `note.` columns. The
    /// exports use it and choose their own order.
    func selection(
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
        if let sinceTimestamp {
            conditions.append("note.created_at >= ?")
            arguments.append(sinceTimestamp)
        }
        if let untilTimestamp {
            conditions.append("note.created_at < ?")
            arguments.append(untilTimestamp)
        }
        if let pinned {
            // The unary + keeps SQLite from answering this through `note_on_item`, which would
            // find every unpinned note and then sort them all.
            conditions.append(pinned ? "+note.item_id IS NOT NULL" : "+note.item_id IS NULL")
        }
        var sql = "SELECT \(columns) FROM \(source)"
        if !conditions.isEmpty {
            sql += " WHERE " + conditions.joined(separator: " AND ")
        }
        return (sql, arguments)
    }
}
