import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Full-text search")
struct SearchTests {
    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        let notes = [
            note("cache stampedes happen when every client refreshes at once; cache cache cache", id: "n1", at: 1),
            note("a passing mention of a cache in a much longer note about naming things and other hard problems",
                 id: "n2", at: 2),
            note("naming things is hard", id: "n3", at: 3),
            note("Café crème at the Élysée", id: "n4", at: 4),
            note("the stampede of wildebeest", id: "n5", at: 5),
            note("AND OR NOT are words here (really) -dash col:x", id: "n6", at: 6),
        ]
        for each in notes { try store.insert(each) }
        return store
    }

    @Test("ranks the best match first and marks matches in the snippet")
    func ranking() throws {
        let hits = try Self.store().search("cache")
        #expect(hits.map(\.note.id) == ["n1", "n2"])
        #expect(hits[0].snippet.contains("[cache]"))
        #expect(hits[0].snippet.hasPrefix("[cache] stampedes"))
        #expect(try Self.store().search("cache", limit: 1).map(\.note.id) == ["n1"])
    }

    @Test("words are ANDed, phrases match in order, prefixes match word starts")
    func syntax() throws {
        let store = try Self.store()
        #expect(try store.search("naming hard").map(\.note.id).sorted() == ["n2", "n3"])
        #expect(try store.search("\"naming things is\"").map(\.note.id) == ["n3"])
        #expect(try store.search("\"things naming\"").isEmpty)
        #expect(try store.search("stamp*").map(\.note.id).sorted() == ["n1", "n5"])
        #expect(try store.search("stampede").map(\.note.id).sorted() == ["n1", "n5"], "stemmed: stampedes is stampede")
        #expect(try store.search("\"naming thi\"*").map(\.note.id).sorted() == ["n2", "n3"])
    }

    @Test("ignores case and diacritics")
    func folding() throws {
        let store = try Self.store()
        #expect(try store.search("cafe CREME elysee").map(\.note.id) == ["n4"])
        #expect(try store.search("ÇACHE").map(\.note.id).count == 2)
    }

    @Test("hostile input is searched as plain words, never an FTS syntax error", arguments: [
        "\"", "*", "AND OR NOT", "(", ")", "-", "col:x", "NEAR(a b)", "^", "\"unterminated", "a\"b",
        "''", "**cache", "cache\"", "{col1 col2}: x", "   ", "", "🎧", "-cache", "cache -cache", "NOT cache",
        "x:", ":", "+", "\\", "text:cache", "note_ft:cache", "\u{0}",
    ])
    func hostile(_ query: String) throws {
        _ = try Self.store().search(query)
    }

    @Test("words find their other forms: plurals, tenses")
    func stemming() throws {
        let store = try NoteDatabase.inMemory()
        try store.insert(note("the cache was cold", id: "s1"))
        try store.insert(note("he kept running the benchmarks", id: "s2"))
        try store.insert(note("Naming conventions", id: "s3"))
        #expect(try store.search("caches").map(\.note.id) == ["s1"])
        #expect(try store.search("caching").map(\.note.id) == ["s1"])
        #expect(try store.search("runs benchmark").map(\.note.id) == ["s2"])
        #expect(try store.search("named convention").map(\.note.id) == ["s3"])
        #expect(try store.search("cach*").map(\.note.id) == ["s1"])
    }

    @Test("OR matches either term, -word leaves notes out, and the count says how many match")
    func orAndExclusion() throws {
        let store = try Self.store()
        #expect(try store.search("wildebeest OR crème").map(\.note.id).sorted() == ["n4", "n5"])
        #expect(try store.search("stampede wildebeest OR client").map(\.note.id).sorted() == ["n1", "n5"])
        #expect(try store.search("cache -stampedes").map(\.note.id) == ["n2"])
        #expect(try store.search("cache -\"every client\"").map(\.note.id) == ["n2"])
        #expect(try store.search("naming -cache -nothing").map(\.note.id) == ["n3"])
        #expect(try store.search("-cache").isEmpty)
        #expect(SearchQuery.onlyExcludes("-cache -naming") && !SearchQuery.onlyExcludes("x -cache"))
        #expect(try store.searchCount("cache OR naming") == 3)
        #expect(try store.searchCount("cache") == 2)
        #expect(try store.searchCount("🎧") == 0)
    }

    @Test("a capped count stops one past the cap: exact up to it, 'more' beyond, dates and all")
    func cappedCount() throws {
        let store = try Self.store()
        #expect(try store.searchCount("cache OR naming", upTo: 3) == 3, "exactly the cap is exact")
        #expect(try store.searchCount("cache OR naming", upTo: 2) == 3, "past the cap: one more than it")
        #expect(try store.searchCount("cache OR naming", upTo: 1) == 2)
        #expect(try store.searchCount("cache OR naming", upTo: 0) == 1)
        #expect(try store.searchCount("cache", upTo: 10) == 2)
        #expect(try store.searchCount("cache", until: Date(timeIntervalSince1970: 0), upTo: 10) == 0, "the dates still apply")
    }

    @Test("operators and punctuation are taken literally")
    func literal() throws {
        let store = try Self.store()
        #expect(try store.search("AND OR NOT").map(\.note.id).sorted() == ["n2", "n6"], "either word: n2 has 'and'")
        #expect(try store.search("\"AND OR NOT\"").map(\.note.id) == ["n6"], "quoted, the phrase")
        #expect(try store.search("col:x").map(\.note.id) == ["n6"])
        #expect(try store.search("(really)").map(\.note.id) == ["n6"])
        #expect(try store.search("dash").map(\.note.id) == ["n6"])
        #expect(try store.search("NOT cache").isEmpty)
        #expect(try store.search("\"").isEmpty)
        #expect(try store.search("*").isEmpty)
        #expect(try store.search("\"unterminated naming").isEmpty)
        #expect(try store.search("\"naming").map(\.note.id).sorted() == ["n2", "n3"])
    }

    @Test("the index follows updates and deletes")
    func inStep() throws {
        let store = try Self.store()
        var changed = try store.note(id: "n3")
        changed.text = "renamed entirely: zebras"
        try store.update(changed)
        #expect(try store.search("zebras").map(\.note.id) == ["n3"])
        #expect(try store.search("hard").map(\.note.id) == ["n2"])
        try store.delete(id: "n1")
        #expect(try store.search("cache").map(\.note.id) == ["n2"])
        try store.insert(note("a fresh cache note", id: "n7"))
        #expect(try store.search("fresh").map(\.note.id) == ["n7"])
        // FTS5 checks its index against the content table, and throws if they disagree.
        try store.writer.write { db in
            try db.execute(sql: "INSERT INTO note_ft(note_ft, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("with more matches than the ranking window, ranks the newest ones")
    func rankingWindow() throws {
        let store = try NoteDatabase.inMemory()
        let window = NoteDatabase.rankingWindow
        var notes = [note("common common common", id: "oldest-and-best", at: 0)]
        notes += (1...window).map { note("a common word in a longer filler note number \($0)", at: Double($0)) }
        notes.append(note("common common common", id: "newest-and-best", at: Double(window + 1)))
        try store.save(contentsOf: notes)
        let hits = try store.search("common", limit: 5)
        #expect(hits.count == 5)
        #expect(hits.first?.note.id == "newest-and-best")
        #expect(!hits.map(\.note.id).contains("oldest-and-best"))
        #expect(try store.search("\"common common common\"").map(\.note.id).sorted() == ["newest-and-best", "oldest-and-best"])
    }

    @Test("finds text after a NUL and returns the whole note")
    func nul() throws {
        let store = try NoteDatabase.inMemory()
        let made = note("before\u{0}after the nul", id: "z")
        try store.insert(made)
        let hits = try store.search("after")
        #expect(hits.map(\.note) == [made])
        #expect(hits.first?.snippet.contains("[after]") == true)
    }

    @Test("turns user text into quoted terms")
    func queryBuilding() {
        #expect(SearchQuery.match("cache stampede") == "\"cache\" AND \"stampede\"")
        #expect(SearchQuery.match("\"a phrase\" pre*") == "\"a phrase\" AND \"pre\"*")
        #expect(SearchQuery.match("say \"hi") == "\"say\" AND \"hi\"")
        #expect(SearchQuery.match("a\"b\"c") == "\"a\" AND \"b\" AND \"c\"")
        #expect(SearchQuery.match("it's") == "\"it's\"")
        #expect(SearchQuery.match("* - ( ) \"") == nil)
        #expect(SearchQuery.match("a OR b c") == "(\"a\" OR \"b\") AND \"c\"")
        #expect(SearchQuery.match("a -b -c") == "\"a\" NOT (\"b\" OR \"c\")")
        #expect(SearchQuery.match("a c -b") == "(\"a\" AND \"c\") NOT \"b\"")
        #expect(SearchQuery.match("OR a") == "\"a\"")
    }
}
