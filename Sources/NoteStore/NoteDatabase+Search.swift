import Foundation
import GRDB

/// Full-text search over note text: English words stemmed (schema v11), case and diacritics
/// ignored.
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

    /// How many notes match `query` (as ``search(_:limit:)`` reads it), for "showing 20 of 143".
    public func searchCount(_ query: String) throws(NoteStoreError) -> Int {
        guard let match = SearchQuery.match(query) else { return 0 }
        func count(_ match: String) throws -> Int {
            try writer.read { db in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM note_ft WHERE note_ft MATCH ?"), arguments: [match]) ?? 0
            }
        }
        do {
            do {
                return try count(match)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                guard let plain = SearchQuery.plainWords(query), plain != match else { throw NoteStoreError.invalidQuery(query) }
                return try count(plain)
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// How many of the most recently stored matches bm25 ranks when a query matches more.
    ///
    /// Ranking costs about 2 microseconds per match in a fresh process (the document sizes it
    /// reads are not cached yet), so a word found in most of a million notes would take two
    /// seconds. The newest 2 000 matches rank in about 4 ms, which keeps a search of a million
    /// notes near 15 ms (5 000 took 10.5 ms, and the search about 20 ms); a word that common
    /// says little about relevance anyway.
    static let rankingWindow = 2_000

    /// Runs a MATCH expression.
    ///
    /// `ORDER BY note_ft.rank LIMIT` on the FTS table that drives the join lets FTS5 sort by
    /// rank itself, so `note` rows and snippets are produced for the `limit` best rows only.
    /// The rank is `margin_rank()` (`CSQLiteSetup/rank.c`): bm25's scores, but where bm25
    /// walks every row of each word to weigh it (for a word in most of a million notes,
    /// 15 ms of a 17 ms search, and twice that for two such words), it walks none for a
    /// one-word query, whose order the weight cannot change, and at most 32 768 rows of each
    /// word otherwise, estimating the rest.
    private func hits(_ match: String, limit: Int) throws -> [SearchHit] {
        try writer.read { db in
            let cutoff = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT rowid FROM note_ft WHERE note_ft MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?
                    """),
                arguments: [match, Self.rankingWindow - 1]) ?? Int64.min
            let statement = try db.cachedStatement(sql: """
                SELECT \(Note.selection), CAST(snippet(note_ft, 0, '[', ']', '…', 12) AS BLOB)
                FROM note_ft JOIN note ON note.seq = note_ft.rowid
                WHERE note_ft MATCH ? AND note_ft.rowid >= ? AND note_ft.rank MATCH 'margin_rank()'
                ORDER BY note_ft.rank LIMIT ?
                """)
            return try Row.fetchAll(statement, arguments: [match, cutoff, limit]).map { row in
                try SearchHit(note: Note(row: row), snippet: row.utf8Text(atIndex: Note.selectionWidth))
            }
        }
    }
}
