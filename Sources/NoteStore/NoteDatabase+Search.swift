import Foundation
import GRDB

/// Full-text search over note text, tags and the names of the episode and show a note is
/// pinned to (schema v12): English words stemmed, case and diacritics ignored.
extension NoteDatabase {
    /// Notes that match `query`, best first, at most `limit`; with `since` and `until`, only
    /// notes taken at or after `since` and before `until`.
    ///
    /// Words are ANDed, `"a phrase"` matches the words in a row, `prefix*` matches words that
    /// start so, and matching ignores case and diacritics. Anything else is read as plain words
    /// (see ``SearchQuery``), so user input never surfaces an FTS syntax error. A query with no
    /// searchable word returns no hits. Each word may match in the text, a tag, or the names;
    /// a match in the text weighs most (see ``columnWeights``); equal matches come newest first.
    public func search(_ query: String, limit: Int = 20, since: Date? = nil, until: Date? = nil) throws(NoteStoreError) -> [SearchHit] {
        guard limit > 0, let match = SearchQuery.match(query) else { return [] }
        let range = SearchRange(since: since, until: until)
        do {
            try buildSearchIndexIfLeft()
            do {
                return try hits(match, limit: limit, range: range)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                // Only reachable if the quoting missed a case (FTS5 reports its syntax errors
                // as SQLITE_ERROR): retry with every word quoted, and no prefixes.
                guard let plain = SearchQuery.plainWords(query), plain != match else {
                    throw NoteStoreError.invalidQuery(query)
                }
                do {
                    return try hits(plain, limit: limit, range: range)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                    throw NoteStoreError.invalidQuery(query)
                }
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// How many notes match `query` (as ``search(_:limit:since:until:)`` reads it), for
    /// "showing 20 of 143". With `cap`, no more than `cap + 1` matches are counted, so that a
    /// word found in most of the store costs no more than a search: a count above `cap` means
    /// "more than `cap`".
    public func searchCount(_ query: String, since: Date? = nil, until: Date? = nil, upTo cap: Int? = nil) throws(NoteStoreError) -> Int {
        guard let match = SearchQuery.match(query) else { return 0 }
        let range = SearchRange(since: since, until: until)
        let matches = "SELECT 1 FROM \(range.source) WHERE note_ft MATCH ?1\(range.conditions(from: 2))"
        let sql = cap.map { "SELECT count(*) FROM (\(matches) LIMIT \(max($0, 0) + 1))" } ?? "SELECT count(*) FROM (\(matches))"
        func count(_ match: String) throws -> Int {
            try writer.read { db in
                try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [match] + range.arguments) ?? 0
            }
        }
        do {
            try buildSearchIndexIfLeft()
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

    /// How much a match weighs in each column of `note_ft` (text, tags, episode, show), as
    /// bm25's column weights: the user's own words first, then the tags they chose, then the
    /// names Spotify gave, which every note of an episode shares.
    static let columnWeights = "10.0, 5.0, 2.0, 2.0"

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
    /// The best `limit` rows are chosen first, by rank and then newest first, reading nothing
    /// but the index; only they are joined to `note` and given a snippet (the `CROSS JOIN`s keep
    /// that order). The rank is `margin_rank()` (`CSQLiteSetup/rank.c`): bm25's scores, but
    /// where bm25 walks every row of each word to weigh it (for a word in most of a million
    /// notes, 15 ms of a 17 ms search, and twice that for two such words), it walks none for a
    /// one-word query, whose order the weight cannot change, and at most 32 768 rows of each
    /// word otherwise, estimating the rest.
    private func hits(_ match: String, limit: Int, range: SearchRange) throws -> [SearchHit] {
        try writer.read { db in
            let cutoff = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT note_ft.rowid FROM \(range.source) WHERE note_ft MATCH ?1\(range.conditions(from: 3))
                    ORDER BY note_ft.rowid DESC LIMIT 1 OFFSET ?2
                    """),
                arguments: [match, Self.rankingWindow - 1] + range.arguments) ?? Int64.min
            let statement = try db.cachedStatement(sql: """
                WITH best (seq, score) AS (
                    SELECT note_ft.rowid, note_ft.rank FROM \(range.source)
                    WHERE note_ft MATCH ?1 AND note_ft.rowid >= ?2\(range.conditions(from: 4))
                      AND note_ft.rank MATCH 'margin_rank(\(Self.columnWeights))'
                    ORDER BY note_ft.rank, note_ft.rowid DESC LIMIT ?3)
                SELECT \(Note.selection), CAST(snippet(note_ft, 0, '[', ']', '…', 12) AS BLOB)
                FROM best CROSS JOIN note_ft CROSS JOIN note
                WHERE note_ft MATCH ?1 AND note_ft.rowid = best.seq AND note.seq = best.seq
                ORDER BY best.score, best.seq DESC
                """)
            return try Row.fetchAll(statement, arguments: [match, cutoff, limit] + range.arguments).map { row in
                try SearchHit(note: Note(row: row), snippet: row.utf8Text(atIndex: Note.selectionWidth))
            }
        }
    }
}
