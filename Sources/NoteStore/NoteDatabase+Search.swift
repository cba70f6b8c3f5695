import Foundation
import GRDB

/// Full-text search over note text.
extension NoteDatabase {
    /// Notes whose text matches `query`, best first (FTS5's bm25 rank), at most `limit`.
    ///
    /// Words are ANDed, `"a phrase"` matches the words in a row, `prefix*` matches words that
    /// start so, and matching ignores case and diacritics. Anything else is read as plain words
    /// (see ``SearchQuery``), so user input never surfaces an FTS syntax error. A query with no
    /// searchable word returns no hits.
    public func search(_ query: String, limit: Int = 20) throws(NoteStoreError) -> [SearchHit] {
        guard limit > 0, let match = SearchQuery.match(query) else { return [] }
        do {
            do {
                return try hits(match, limit: limit)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                // Only reachable if the quoting missed a case (FTS5 reports its syntax errors
                // as SQLITE_ERROR): retry with every word quoted, and no prefixes.
                guard let plain = SearchQuery.plainWords(query), plain != match else {
                    throw NoteStoreError.invalidQuery(query)
                }
                do {
                    return try hits(plain, limit: limit)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                    throw NoteStoreError.invalidQuery(query)
                }
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Runs a MATCH expression.
    ///
    /// The inner query lets FTS5 rank and cut to `limit` on its own; only those rows are then
    /// joined to `note` and get a snippet, instead of every match.
    private func hits(_ match: String, limit: Int) throws -> [SearchHit] {
        try writer.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT \(Note.selection), CAST(snippet(note_ft, 0, '[', ']', '…', 12) AS BLOB)
                FROM note_ft JOIN note ON note.rowid = note_ft.rowid
                WHERE note_ft MATCH ?1
                  AND note_ft.rowid IN (SELECT rowid FROM note_ft WHERE note_ft MATCH ?1 ORDER BY rank LIMIT ?2)
                ORDER BY note_ft.rank
                """)
            return try Row.fetchAll(statement, arguments: [match, limit]).map { row in
                try SearchHit(note: Note(row: row), snippet: row.utf8Text(atIndex: Note.selectionWidth))
            }
        }
    }
}
