import Foundation
import GRDB
import Testing
@testable import NoteStore

// TEMPORARY probe, removed before hand-off.
@Suite("Perf probe", .enabled(if: ProcessInfo.processInfo.environment["MARGIN_PERF"] != nil))
struct PerfProbe {
    @Test("1M notes")
    func million() throws {
        let path = "/tmp/margin-perf/notes.sqlite"
        let exists = FileManager.default.fileExists(atPath: path)
        let store = try NoteDatabase(path: path)
        var rng = SystemRandomNumberGenerator()
        let words = (0..<5000).map { "w\($0)x" } + ["cache", "stampede", "naming", "things"]
        func id22(_ n: Int) -> String { String(format: "ep%020d", n) }
        if !exists {
            let start = Date()
            for batch in 0..<100 {
                let notes = (0..<10_000).map { i -> Note in
                    let n = batch * 10_000 + i
                    let count = Int.random(in: 5...30, using: &rng)
                    // Zipf-ish: low word numbers are common.
                    let text = (0..<count).map { _ in words[Int(pow(Double.random(in: 0..<1, using: &rng), 3) * Double(words.count))] }.joined(separator: " ")
                    let episode = n % 2000
                    let pin = n % 10 == 0 ? nil : Pin(itemType: "episode", itemID: id22(episode), itemURI: "spotify:episode:\(id22(episode))", itemName: "Episode \(episode)", showID: "show\(episode % 200)", showName: "Show", progressMs: Int.random(in: 0..<3_600_000, using: &rng), durationMs: 3_600_000)
                    return Note(text: text, tags: n % 7 == 0 ? ["t\(n % 50)"] : [], createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 60), pin: pin)
                }
                try store.save(contentsOf: notes)
            }
            print("insert 1M:", Date().timeIntervalSince(start))
        }
        func time(_ label: String, _ body: () throws -> Int) rethrows {
            _ = try body()
            var best = Double.infinity
            var result = 0
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                result = try body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print(String(format: "%-40@ %8.2f ms  (%d)", label as NSString, best, result))
        }
        try time("list episode (500)") { try store.notes(NoteFilter(itemID: id22(1234))).count }
        try time("list newest 20") { try store.notes(NoteFilter(limit: 20)).count }
        try time("list show limit 50") { try store.notes(NoteFilter(showID: "show7", limit: 50)).count }
        try time("list tag limit 50") { try store.notes(NoteFilter(tag: "t7", limit: 50)).count }
        try time("list unpinned limit 50") { try store.notes(NoteFilter(limit: 50, pinned: false)).count }
        try time("list since limit 50") { try store.notes(NoteFilter(since: Date(timeIntervalSince1970: 1_700_000_000 + 30_000_000), limit: 50)).count }
        try time("search rare") { try store.search("w4999x").count }
        try time("search mid") { try store.search("w2000x").count }
        try time("search common") { try store.search("w1x").count }
        try time("search very common") { try store.search("w0x").count }
        try time("search 2 words") { try store.search("w10x w20x").count }
        try time("search prefix") { try store.search("w49*").count }
        try time("search phrase") { try store.search("\"w1x w2x\"").count }
        try time("resolve") { try store.resolve(prefix: "ab").id.count }
        let start = Date()
        var n = 0
        try store.forEachNote(NoteFilter()) { _ in n += 1 }
        print("forEachNote all:", n, Date().timeIntervalSince(start))
        try store.writer.read { db in
            for sql in [
                NoteFilter(itemID: "x").query(selecting: Note.selection).sql,
                NoteFilter(limit: 3).query(selecting: Note.selection).sql,
                NoteFilter(showID: "x", limit: 3).query(selecting: Note.selection).sql,
                NoteFilter(tag: "x", limit: 3).query(selecting: Note.selection).sql,
            ] {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(Array(repeating: "x", count: sql.filter { $0 == "?" }.count)))
                print(plan.map { $0["detail"] as String? ?? "" })
            }
        }
    }
}
