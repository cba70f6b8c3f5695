import GRDB

extension ImportWriter {
    /// The statements of an import, prepared once.
    struct Statements {
        let findByID, updatedAtBySeq, insertNote, updateNote, deleteTags, insertTag, sameAsStored: SQLiteStatement
        let deleteSegments, insertSegments: SQLiteStatement
        /// Copies what the index holds of a stored note to `temp.import_old`; nil in a bulk import.
        let keepOldText: SQLiteStatement?
        /// GRDB's statements, which own the SQLite ones above.
        let owners: [Statement]

        init(_ db: Database, keepingOldText: Bool) throws {
            let sql = [
                "SELECT seq, updated_at FROM note WHERE id = ?",
                "SELECT updated_at FROM note WHERE seq = ?",
                """
                INSERT INTO note (seq, id, text, created_at, updated_at, item_type, item_id, item_uri,
                                  item_name, show_id, show_name, progress_ms, duration_ms)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                """,
                """
                UPDATE note SET text = ?3, created_at = ?4, updated_at = ?5, item_type = ?6, item_id = ?7,
                                item_uri = ?8, item_name = ?9, show_id = ?10, show_name = ?11,
                                progress_ms = ?12, duration_ms = ?13
                WHERE seq = ?1
                """,
                "DELETE FROM note_tag WHERE note_seq = ?",
                "INSERT INTO note_tag (note_seq, tag, created_at) VALUES (?, ?, ?)",
                """
                SELECT text = ?3 AND created_at = ?4 AND item_type IS ?6 AND item_id IS ?7 AND item_uri IS ?8
                       AND item_name IS ?9 AND show_id IS ?10 AND show_name IS ?11 AND progress_ms IS ?12
                       AND duration_ms IS ?13
                       AND (SELECT count(*) FROM note_tag WHERE note_seq = ?1) = ?15
                       AND NOT EXISTS (SELECT 1 FROM note_tag WHERE note_seq = ?1
                                       AND instr(?14, char(31) || tag || char(31)) = 0)
                       AND (SELECT segments FROM note_segments WHERE note_seq = ?1) IS ?16
                FROM note WHERE seq = ?1
                """,
                "DELETE FROM note_segments WHERE note_seq = ?",
                "INSERT INTO note_segments (note_seq, segments) VALUES (?, ?)",
                "INSERT OR IGNORE INTO temp.import_old SELECT seq, \(NoteDatabase.searchColumns) FROM note_search WHERE seq = ?",
            ]
            var owners: [Statement] = []
            for text in keepingOldText ? sql : sql.dropLast() {
                owners.append(try db.makeStatement(sql: text))
            }
            self.owners = owners
            (findByID, updatedAtBySeq, insertNote, updateNote, deleteTags, insertTag, sameAsStored) = (
                owners[0].sqliteStatement, owners[1].sqliteStatement, owners[2].sqliteStatement,
                owners[3].sqliteStatement, owners[4].sqliteStatement, owners[5].sqliteStatement,
                owners[6].sqliteStatement)
            (deleteSegments, insertSegments) = (owners[7].sqliteStatement, owners[8].sqliteStatement)
            keepOldText = keepingOldText ? owners[9].sqliteStatement : nil
        }
    }
}
