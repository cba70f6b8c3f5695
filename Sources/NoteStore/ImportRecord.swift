import Foundation
import GRDB

/// One note of an import, validated and in the form the store keeps: lowercase id, tags
/// normalized, times in the contract's canonical text.
///
/// Kept apart from ``Note`` so that a million-row import binds its strings straight into the
/// insert statement, without `Date` conversions and back.
struct ImportRecord: Equatable {
    var id: String
    var text: String
    var tags: [String]
    /// `2026-11-21T09:15:02.123Z`.
    var createdAt: String
    /// `2026-11-21T09:15:02.123Z`; decides which of two versions of a note wins.
    var updatedAt: String
    var pin: Pin?

    /// The arguments of ``Note/insertSQL`` and ``Note/updateSQL``.
    var rowArguments: StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            id, Data(text.utf8), createdAt, updatedAt,
            pin?.itemType, pin?.itemID, pin?.itemURI, pin?.itemName, pin?.showID, pin?.showName,
            pin?.progressMs, pin?.durationMs,
        ]
        return StatementArguments(values)
    }

    /// What writing this record did.
    enum Outcome {
        case added, updated, unchanged
    }

    /// Inserts the record, replaces an older stored version, or leaves a stored version
    /// that is as new or newer; inside the caller's transaction.
    func write(_ db: Database) throws -> Outcome {
        let stored = try String.fetchOne(
            db.cachedStatement(sql: "SELECT updated_at FROM note WHERE id = ?"), arguments: [id])
        if let stored, stored >= updatedAt {
            return .unchanged
        }
        try db.cachedStatement(sql: stored == nil ? Note.insertSQL : Note.updateSQL).execute(arguments: rowArguments)
        if stored != nil {
            try db.cachedStatement(sql: "DELETE FROM note_tag WHERE note_id = ?").execute(arguments: [id])
        }
        let insertTag = try db.cachedStatement(sql: "INSERT INTO note_tag (note_id, tag) VALUES (?, ?)")
        for tag in tags {
            try insertTag.execute(arguments: [id, tag])
        }
        return stored == nil ? .added : .updated
    }
}
