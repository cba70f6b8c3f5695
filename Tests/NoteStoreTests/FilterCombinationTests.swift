import Foundation
import GRDB
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Every combination of list filters, through every index that can drive it")
struct FilterCombinationTests {
    static let (episodeA, episodeB, episodeC) = ("512ojhOuo1ktJprKbVcKyQ", "7makk4oTQel546B0PZlDM5", "0000000000000000000000")
    static let (bigShow, smallShow) = ("5CfCWKI5pZ28U0uOzXkDHe", "2mTUnDkuKUkhiueKcVWoP0")

    /// 400 notes: three share each creation time and positions repeat, so only ids break
    /// ties; ids are not in time order, and notes are stored in neither order. Episodes A and
    /// B (most notes) are of the big show, C (few) of the small one; every 10th is unpinned.
    /// "common" is on two notes in three, "mid" on a fifth, "rare" on one in fifty (all of
    /// episode A).
    static let notes: [Note] = (0..<400).map { i in
        var tags: [String] = []
        if i % 3 != 0 { tags.append("common") }
        if i % 5 == 2 { tags.append("mid") }
        if i % 50 == 7 { tags.append("rare") }
        let pin: Pin? = switch i % 10 {
        case 0: nil
        case 1: episodePin(episodeC, at: i % 3 * 1000, show: smallShow)
        case 2, 3, 4: episodePin(episodeB, at: i * 37 % 7 * 1000, show: bigShow)
        default: episodePin(episodeA, at: i * 37 % 7 * 1000, show: bigShow)
        }
        let id = String(format: "%08x-0000-4000-8000-000000000000", i * 7919 % 10007)
        return note("note \(i)", id: id, tags: tags, at: Double(i / 3), pin: pin)
    }

    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        for index in 0..<notes.count { try store.insert(notes[index * 13 % notes.count]) }
        return store
    }

    /// What `filter` lists, worked out from the notes themselves.
    static func expected(_ filter: NoteFilter) -> [String] {
        let since = filter.sinceTimestamp
        var chosen = notes.filter { note in
            (filter.itemID == nil || note.pin?.itemID == filter.itemID)
                && (filter.showID == nil || note.pin?.showID == filter.showID)
                && (filter.tag.map(note.tags.contains) ?? true)
                && (since.map { NoteTimestamp.string(from: note.createdAt) >= $0 } ?? true)
        }
        chosen.sort { a, b in
            let (at, bt) = (NoteTimestamp.string(from: a.createdAt), NoteTimestamp.string(from: b.createdAt))
            guard filter.itemID != nil else { return (at, a.id) > (bt, b.id) }
            let (ap, bp) = (a.pin?.progressMs ?? 0, b.pin?.progressMs ?? 0)
            return (ap, at, a.id) < (bp, bt, b.id)
        }
        return chosen.prefix(filter.limit ?? chosen.count).map(\.id)
    }

    static var filters: [NoteFilter] {
        var filters: [NoteFilter] = []
        for itemID in [nil, episodeA, episodeC, "missing0000000000000000"] {
            for showID in [nil, bigShow, smallShow] {
                for tag in [nil, "common", "rare", "mid", "missing"] {
                    for since in [nil, moment(40), moment(100.0004)] {
                        for limit in [nil, 1, 5, 20] {
                            filters.append(NoteFilter(itemID: itemID, showID: showID, tag: tag, since: since, limit: limit))
                        }
                    }
                }
            }
        }
        return filters
    }

    @Test("lists, counts and streams what the filter selects, in order, ties by id, up to the limit")
    func everyCombination() throws {
        let store = try Self.store()
        for filter in Self.filters {
            let expected = Self.expected(filter)
            #expect(try store.notes(filter).map(\.id) == expected, "\(filter)")
            #expect(try store.count(filter) == expected.count, "\(filter)")
        }
        var streamed: [String] = []
        let filter = NoteFilter(showID: Self.bigShow, tag: "mid", since: moment(40))
        try store.forEachNote(filter) { streamed.append($0.id) }
        #expect(streamed == Self.expected(filter))
    }

    @Test("every index that can drive a filter gives the same notes")
    func everyDriver() throws {
        let store = try Self.store()
        for filter in Self.filters {
            var drivers: [NoteFilter.Driver] = [.time]
            if filter.itemID != nil { drivers.append(.item) }
            if filter.tag != nil { drivers.append(.tag) }
            if filter.showID != nil { drivers.append(.show) }
            for driver in drivers {
                let query = filter.query(selecting: "note.id", driver: driver)
                let ids = try store.writer.read { db in try String.fetchAll(db, sql: query.sql, arguments: query.arguments) }
                #expect(ids == Self.expected(filter), "\(driver) \(filter)")
            }
        }
    }

    @Test("the walk takes the criterion with the fewest notes; the item, then the show, on a tie")
    func driverChoice() throws {
        let store = try Self.store()
        let cases: [(NoteFilter, NoteFilter.Driver)] = [
            (NoteFilter(tag: "common"), .tag),
            (NoteFilter(showID: Self.bigShow, since: moment(10)), .show),
            (NoteFilter(since: moment(10)), .time),
            (NoteFilter(showID: Self.bigShow, tag: "rare"), .tag),
            (NoteFilter(showID: Self.smallShow, tag: "common"), .show),
            (NoteFilter(itemID: Self.episodeA, tag: "rare"), .tag),
            (NoteFilter(itemID: Self.episodeC, tag: "common"), .item),
            (NoteFilter(itemID: Self.episodeA, showID: Self.smallShow), .show),
            (NoteFilter(itemID: Self.episodeC, showID: Self.smallShow), .item),
        ]
        for (filter, driver) in cases {
            #expect(try store.writer.read { try NoteDatabase.driver(for: filter, $0) } == driver, "\(filter)")
        }
    }

    @Test("a limited listing walks its driver's index in order instead of sorting every match")
    func plans() throws {
        let store = try Self.store()
        let cases: [(NoteFilter, NoteFilter.Driver, String)] = [
            (NoteFilter(tag: "common", limit: 20), .tag, "note_tag_on_tag"),
            (NoteFilter(tag: "common", since: moment(40), limit: 20), .tag, "note_tag_on_tag"),
            (NoteFilter(showID: Self.bigShow, tag: "common", limit: 20), .tag, "note_tag_on_tag"),
            (NoteFilter(showID: Self.bigShow, tag: "common", limit: 20), .show, "note_on_show"),
            (NoteFilter(showID: Self.bigShow, since: moment(40), limit: 20), .show, "note_on_show"),
            (NoteFilter(since: moment(40), limit: 20), .time, "note_on_created_at"),
            (NoteFilter(itemID: Self.episodeA, tag: "common", since: moment(40), limit: 20), .item, "note_on_item"),
            (NoteFilter(itemID: Self.episodeA, showID: Self.bigShow, limit: 20), .item, "note_on_item"),
        ]
        for (filter, driver, index) in cases {
            let query = filter.query(selecting: Note.selection, driver: driver)
            let plan = try store.writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments)
                    .map { $0["detail"] as String }.joined(separator: "; ")
            }
            #expect(plan.contains(index), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE FOR ORDER BY"), "\(plan)")
        }
    }
}
