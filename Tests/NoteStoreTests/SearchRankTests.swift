import Foundation
import GRDB
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Search ranks as FTS5's bm25 does, without walking every row of a common word")
struct SearchRankTests {
    /// 120 notes of different lengths: "tide" in every one, "harbour" in most, "storm" in a
    /// third, "cache" in a tenth, each repeated a different number of times.
    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        for i in 0..<120 {
            var words = ["tide"] + Array(repeating: "filler", count: i % 17)
            if i % 8 != 0 { words += Array(repeating: "harbour", count: 1 + i % 3) }
            if i % 3 == 0 { words += Array(repeating: "storm", count: 1 + i % 4) }
            if i % 10 == 0 { words += Array(repeating: "cache", count: 1 + i % 5) }
            try store.insert(note(words.joined(separator: " "), at: Double(i)))
        }
        return store
    }

    /// Each matching row's (rowid, bm25, margin_rank).
    static func scores(_ store: NoteDatabase, _ match: String) throws -> [(Int64, Double, Double)] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT rowid, bm25(note_ft), margin_rank(note_ft) FROM note_ft WHERE note_ft MATCH ? ORDER BY rowid
                """, arguments: [match]).map { ($0[0], $0[1], $0[2]) }
        }
    }

    @Test("with several words, every row scores exactly as bm25, common words or not")
    func severalWords() throws {
        let store = try Self.store()
        for match in ["\"harbour\" \"storm\"", "\"tide\" \"cache\"", "\"tide\" \"harbour\"", "\"storm\" \"cache\" \"tide\"",
                      "\"tide filler\" \"storm\""] {
            let scores = try Self.scores(store, match)
            #expect(!scores.isEmpty, "\(match)")
            for (rowid, bm25, rank) in scores { #expect(bm25 == rank, "\(match) row \(rowid)") }
        }
    }

    @Test("with one word, rows come in bm25's order")
    func oneWord() throws {
        let store = try Self.store()
        for match in ["\"tide\"", "\"harbour\"", "\"storm\"", "\"cache\"", "\"harb\"*"] {
            let scores = try Self.scores(store, match)
            let byBM25 = scores.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            let byRank = scores.sorted { ($0.2, $0.0) < ($1.2, $1.0) }.map(\.0)
            #expect(!scores.isEmpty, "\(match)")
            #expect(byRank == byBM25, "\(match)")
        }
    }

    @Test("search returns the notes with bm25's best scores, best first, for one and two words")
    func searchOrder() throws {
        let store = try Self.store()
        for query in ["harbour", "storm", "harbour storm", "tide cache"] {
            let match = try #require(SearchQuery.match(query))
            let found = try store.search(query, limit: 5).map(\.note.id)
            // bm25's five best scores, best first (equal scores may come in either order).
            let scores = Dictionary(uniqueKeysWithValues: try Self.scores(store, match).map { ($0.0, $0.1) })
            let seqs = try store.writer.read { db in
                try found.map { try Int64.fetchOne(db, sql: "SELECT seq FROM note WHERE id = ?", arguments: [$0]) ?? 0 }
            }
            let foundScores = seqs.compactMap { scores[$0] }
            #expect(foundScores == foundScores.sorted(), "\(query)")
            let best = scores.values.sorted().prefix(5)
            #expect(foundScores == Array(best), "\(query)")
        }
    }

    @Test("with column weights, every row scores as bm25 with the same weights, matches in tags and names included")
    func weightedColumns() throws {
        let store = try NoteDatabase.inMemory()
        for i in 0..<60 {
            let words = ["tide"] + Array(repeating: "filler", count: i % 7) + (i % 4 == 0 ? ["naming"] : [])
            let tags = i % 3 == 0 ? ["storm", "naming"] : i % 5 == 0 ? ["tide"] : []
            try store.insert(note(words.joined(separator: " "), tags: tags, at: Double(i), pin: i % 2 == 0 ? episodePin() : nil))
        }
        for match in ["\"naming\"", "\"tide\" \"naming\"", "\"storm\" \"curiosity\"", "\"naming\" \"things\" \"tide\""] {
            let scores = try store.writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT rowid, bm25(note_ft, \(NoteDatabase.columnWeights)), margin_rank(note_ft, \(NoteDatabase.columnWeights))
                    FROM note_ft WHERE note_ft MATCH ? ORDER BY rowid
                    """, arguments: [match]).map { ($0[0] as Int64, $0[1] as Double, $0[2] as Double) }
            }
            #expect(!scores.isEmpty, "\(match)")
            for (rowid, bm25, rank) in scores where match.contains(" ") { #expect(bm25 == rank, "\(match) row \(rowid)") }
            // One phrase: margin_rank leaves out the IDF, which scales every row alike.
            #expect(scores.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0) == scores.sorted { ($0.2, $0.0) < ($1.2, $1.0) }.map(\.0), "\(match)")
        }
    }
}
