import GRDB

/// v4: every stored tag follows ``NoteTag``'s rule.
///
/// Import used to accept tags the command line refused (`with space`, `a;b`), which CSV cannot
/// keep apart and which a later import refuses: an export of such a store would not import
/// again. Each such tag is rewritten once: every character the rule forbids becomes `-`, and
/// the tag is cut to 64 characters. The note keeps its tag, only spelled in a way every
/// format can carry; `updated_at` is left alone, so no copy elsewhere is overwritten by it.
extension NoteDatabase {
    static func migrateV4(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT note_seq, tag FROM note_tag")
        for row in rows {
            let (seq, tag): (Int64, String) = (row[0], row[1])
            guard !NoteTag.isValid(tag) else { continue }
            let fixed = repaired(tag)
            try db.execute(sql: "DELETE FROM note_tag WHERE note_seq = ? AND tag = ?", arguments: [seq, tag])
            guard !fixed.isEmpty else { continue }
            try db.execute(sql: "INSERT OR IGNORE INTO note_tag (note_seq, tag) VALUES (?, ?)", arguments: [seq, fixed])
        }
    }

    /// `tag` with each forbidden scalar replaced by `-`, cut to ``NoteTag/maxLength`` scalars.
    static func repaired(_ tag: String) -> String {
        let scalars = tag.unicodeScalars.map { NoteTag.allows($0) ? $0 : "-" }.prefix(NoteTag.maxLength)
        let fixed = String(String.UnicodeScalarView(scalars))
        return fixed.allSatisfy { $0 == "-" } ? "" : fixed
    }
}
