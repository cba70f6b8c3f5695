import Foundation
import GRDB

/// An earlier text of a note: the text an edit replaced, or the text that lost a sync conflict.
public struct NoteVersion: Sendable, Equatable {
    /// Why the text is no longer the note's.
    public enum Kind: String, Sendable {
        /// An edit replaced it.
        case edited
        /// A concurrent edit on another machine won over it.
        case conflict
    }

    public var noteID: String
    /// The clock stamp the text had (see `HybridTimestamp` in NoteSync).
    public var stamp: String
    public var kind: Kind
    public var text: String
    /// When that text was last changed.
    public var updatedAt: Date
}

extension NoteDatabase {
    /// The earlier texts of the note `id`, newest first.
    public func versions(of id: String) throws(NoteStoreError) -> [NoteVersion] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT note_id, hlc, kind, CAST(text AS BLOB), updated_at FROM note_version
                WHERE note_id = ? ORDER BY hlc DESC
                """, arguments: [id.lowercased()]).map { row in
                NoteVersion(
                    noteID: row[0], stamp: row[1], kind: NoteVersion.Kind(rawValue: row[2]) ?? .edited,
                    text: (row[3] as Data?).map { String(decoding: $0, as: UTF8.self) } ?? "",
                    updatedAt: NoteTimestamp.date(from: row[4]) ?? Date(timeIntervalSince1970: 0))
            }
        }
    }
}

extension NoteDatabase {
    /// The one note id starting with `prefix` that has earlier texts, for a note that has since
    /// been deleted; nil when none or several do.
    public func versionedNoteID(prefix: String) throws(NoteStoreError) -> String? {
        let ids = try reading { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT note_id FROM note_version WHERE note_id >= ?1 AND note_id < ?1 || x'ff' LIMIT 2
                """, arguments: [prefix.lowercased()])
        }
        return ids.count == 1 ? ids[0] : nil
    }
}
