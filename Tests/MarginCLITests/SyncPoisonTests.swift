import Foundation
import Testing

/// Rows written to the hub by hand (a careless or hostile member, a bad restore): each one that
/// breaks the note's rules is skipped and named, and every other row is pulled.
@Suite("sync: poison rows on the hub", .serialized)
struct SyncPoisonTests {
    @Test("a future stamp, a bad stamp, an id mismatch, a bad item type, a negative position, a bad id, 2 MB of text: each skipped, the rest pulled")
    func poisonRows() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "poison-pw-8")
        defer { a.remove(); b.remove() }
        try await a.importNotes(SyncMachine.sampleNotes(3, prefix: "good"))
        #expect(try await a.sync()["pushed"] == 3)

        // A pinned note's row as the hub has it, to forge the others from.
        let sample = try await server.psql("SELECT id || '|' || hlc || '|' || body::text FROM margin.note WHERE body->>'pinned' = 'true' LIMIT 1",
                                           database: "notes")
        let parts = sample.stdout.split(separator: "|", maxSplits: 2).map(String.init)
        try #require(parts.count == 3, "\(sample)")
        let (victim, goodStamp) = (parts[0], parts[1])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(parts[2].utf8)) as? [String: Any])

        func forged(_ change: (inout [String: Any]) -> Void) throws -> (id: String, body: String) {
            var note = body
            let id = UUID().uuidString.lowercased()
            note["id"] = id
            note["text"] = "forged \(id.prefix(8))"
            change(&note)
            let data = try JSONSerialization.data(withJSONObject: note)
            return (id, String(decoding: data, as: UTF8.self))
        }
        var rows: [(id: String, hlc: String, body: String, reason: String)] = []
        let future = try forged { _ in }
        rows.append((future.id, "9999999999999-00000000-evil", future.body, "further ahead than sync.max-drift allows"))
        let garbage = try forged { _ in }
        rows.append((garbage.id, "zzzz", garbage.body, "is not a stamp"))
        let mismatch = try forged { $0["id"] = victim; $0["text"] = "overwrites another note" }
        rows.append((UUID().uuidString.lowercased(), goodStamp, mismatch.body, "not the row's"))
        let type = try forged { $0["item_type"] = "podcast" }
        rows.append((type.id, goodStamp, type.body, "item type"))
        let negative = try forged { $0["progress_ms"] = -5 }
        rows.append((negative.id, goodStamp, negative.body, "position is negative"))
        let path = try forged { $0["item_id"] = "../../x"; $0["item_uri"] = "spotify:episode:../../x" }
        rows.append((path.id, goodStamp, path.body, "not a Spotify id"))
        // 2 MB of text, made by the server: an argument that long cannot reach psql.
        let huge = try forged { $0["text"] = "HUGE" }
        rows.append((huge.id, goodStamp, huge.body, "more than the 1048576 a note may have"))
        let fine = try forged { $0["text"] = "a good row written by hand" }
        rows.append((fine.id, goodStamp, fine.body, ""))

        let base = try #require(Int(try await server.psql("SELECT seq FROM margin.account WHERE owner = 'alice'", database: "notes").stdout))
        for (index, row) in rows.enumerated() {
            let escaped = row.body.replacingOccurrences(of: "'", with: "''")
            let value = row.id == huge.id ? "jsonb_set('\(escaped)'::jsonb, '{text}', to_jsonb(repeat('a', 2000000)))::json" : "'\(escaped)'::json"
            let inserted = try await server.psql("""
                INSERT INTO margin.note (owner, id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
                VALUES ('alice', '\(row.id)', '\(row.hlc)', '\(row.hlc)', '\(row.hlc)', '\(row.hlc)', false, \(value), \(base + index + 1))
                """, database: "notes")
            try #require(inserted.status == 0, "\(inserted.stderr)")
        }
        #expect(try await server.psql("UPDATE margin.account SET seq = \(base + rows.count) WHERE owner = 'alice'", database: "notes").status == 0)

        let pulled = try await b.margin("sync", "--json")
        #expect(pulled.status == 0, "one bad row does not block the others: \(pulled.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(pulled.stdout.utf8)) as? [String: Any])
        #expect(report["pulled"] as? Int == 4, "\(report)")
        #expect(report["hub_reset"] as? Bool == false)
        let skipped = try #require(report["skipped"] as? [[String: String]])
        #expect(skipped.count == 7, "\(skipped)")
        for row in rows where !row.reason.isEmpty {
            let entry = skipped.first { $0["hub_id"]?.hasPrefix(row.id) == true }
            #expect(entry?["reason"]?.contains(row.reason) == true, "\(row.id): \(String(describing: entry))")
            #expect(pulled.stderr.contains("margin: skipped hub row \(row.id)"), "\(pulled.stderr.prefix(2000))")
        }
        let texts = try await b.export()
        #expect(texts.contains("a good row written by hand"))
        #expect(!texts.contains("forged") && !texts.contains("overwrites another note"))
        #expect(try await b.id(of: "good 0 plain") != "", "the note the mismatched row aimed at is intact")

        // Reported once: the next sync is past them. The clock did not jump to the year 2286.
        let again = try await b.margin("sync", "--json")
        let second = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect((second?["skipped"] as? [Any])?.isEmpty == true, "\(again.stdout)")
        #expect(try await b.margin("note", "written after the pull").status == 0)
        _ = try await b.sync()
        let stamp = try await server.psql("SELECT hlc FROM margin.note WHERE body->>'text' = 'written after the pull'", database: "notes").stdout
        let wall = try #require(Int64(stamp.prefix(13)), "\(stamp)")
        #expect(Double(wall) / 1000 < Date().timeIntervalSince1970 + 3600, "the local clock never adopts a poisoned stamp: \(stamp)")
    }

    @Test("many bad rows: stderr names the first ten and counts the rest; --json lists every one")
    func manyBadRows() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "poison-pw-9")
        defer { a.remove(); b.remove() }
        try await a.importNotes(SyncMachine.sampleNotes(1, prefix: "good"))
        #expect(try await a.sync()["pushed"] == 1)
        let base = try #require(Int(try await server.psql("SELECT seq FROM margin.account WHERE owner = 'alice'", database: "notes").stdout))
        let inserted = try await server.psql("""
            INSERT INTO margin.note (owner, id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
            SELECT 'alice', id, 'zzzz', 'zzzz', 'zzzz', 'zzzz', false, json_build_object('id', id, 'text', 'bad'), \(base) + n
            FROM (SELECT n, gen_random_uuid()::text AS id FROM generate_series(1, 25) AS n) AS rows;
            UPDATE margin.account SET seq = \(base + 25) WHERE owner = 'alice';
            """, database: "notes")
        try #require(inserted.status == 0, "\(inserted.stderr)")
        let pulled = try await b.margin("sync", "--json")
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(pulled.stdout.utf8)) as? [String: Any])
        #expect((report["skipped"] as? [Any])?.count == 25)
        let lines = pulled.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("margin: skipped hub row ") }.count == 10, "\(pulled.stderr)")
        #expect(lines.contains { $0.contains("15 more hub rows skipped") && $0.contains("margin sync --json") }, "\(pulled.stderr)")
    }
}
