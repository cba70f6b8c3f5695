import GRDB

/// What SQLite, FTS5 and margin's own invariants say of a store file.
package struct StoreIntegrity: Sendable, Equatable {
    /// `PRAGMA integrity_check`'s answer: `"ok"` when the file is sound.
    package var integrity: String?
    /// Rows `PRAGMA foreign_key_check` reports.
    package var foreignKeyProblems: Int
    /// Whether FTS5's `integrity-check` found the index and the text in agreement.
    package var searchIndexAgrees: Bool
    /// Tag rows whose copy of the note's time (schema v5) differs from the note's.
    package var tagTimeMismatches: Int
    /// Every table, index and trigger the file holds.
    package var objectNames: Set<String>

    /// The objects every store of the current schema has.
    package static let expectedObjects: Set<String> = [
        "note_on_id", "note_on_item", "note_on_created_at", "note_on_show", "note_tag_on_tag",
        "__note_ft_ai", "__note_ft_bd", "__note_ft_au", "__note_ft_tag_ai", "__note_ft_tag_ad", "note_tag_created_at",
        "sync_note_insert", "sync_note_update", "sync_note_delete", "sync_tag_insert", "sync_tag_delete", "note_voice_gone",
    ]

    /// What is wrong, one phrase a problem; empty for a sound store of the current schema.
    package var problems: [String] {
        var found: [String] = []
        if integrity != "ok" { found.append("integrity_check: \(integrity ?? "no answer")") }
        if foreignKeyProblems > 0 { found.append("\(foreignKeyProblems) foreign key problems") }
        if !searchIndexAgrees { found.append("the search index disagrees with the notes") }
        if tagTimeMismatches > 0 { found.append("\(tagTimeMismatches) tag rows with another time than their note") }
        let missing = Self.expectedObjects.subtracting(objectNames)
        if !missing.isEmpty { found.append("missing \(missing.sorted().joined(separator: ", "))") }
        if objectNames.contains("import_old") { found.append("import_old left behind") }
        return found
    }
}

extension NoteDatabase {
    /// Runs SQLite's and FTS5's own consistency checks and margin's invariants over the whole
    /// file: for tests of migrations and imports, and for a store a user doubts. Indexes a first
    /// pull left to be built later count as missing: ``buildLeftIndexes()`` builds them.
    package func integrity() throws -> StoreIntegrity {
        try writer.write { db in
            var searchIndexAgrees = true
            // FTS5's own check throws when the index and the text disagree.
            do { try db.execute(sql: "INSERT INTO note_ft(note_ft, rank) VALUES ('integrity-check', 1)") } catch {
                searchIndexAgrees = false
            }
            return try StoreIntegrity(
                integrity: String.fetchOne(db, sql: "PRAGMA integrity_check"),
                foreignKeyProblems: Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
                searchIndexAgrees: searchIndexAgrees,
                tagTimeMismatches: Int.fetchOne(db, sql: """
                    SELECT count(*) FROM note_tag JOIN note ON note.seq = note_tag.note_seq
                    WHERE note_tag.created_at IS NOT note.created_at
                    """) ?? 0,
                objectNames: String.fetchSet(db, sql: "SELECT name FROM sqlite_master UNION ALL SELECT name FROM sqlite_temp_master"))
        }
    }
}
