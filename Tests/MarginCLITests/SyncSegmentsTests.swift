import Foundation
import Testing

/// A voice note's segments through a real PostgreSQL hub: they travel in the note's JSON, and a
/// hub row whose segments break the rules is skipped like any other poison row.
@Suite("sync: a voice note's segments", .serialized)
struct SyncSegmentsTests {
    static var segments: [[String: Any]] { [
        ["start_ms": 0, "end_ms": 1800, "text": "he was not an"],
        ["start_ms": 1800, "end_ms": 4200, "text": "ill-disposed young man."],
    ] }

    /// A note's JSON line with `segments`.
    static func line(text: String, segments: Any) throws -> (id: String, json: String) {
        let id = UUID().uuidString.lowercased()
        let note: [String: Any] = [
            "id": id, "text": text, "tags": ["voice"], "created_at": "2026-11-21T09:15:02.123Z", "updated_at": "2026-11-21T09:15:02.123Z",
            "pinned": false, "item_type": NSNull(), "item_id": NSNull(), "item_uri": NSNull(), "item_name": NSNull(), "show_id": NSNull(),
            "show_name": NSNull(), "progress_ms": NSNull(), "duration_ms": NSNull(), "position": NSNull(), "link": NSNull(),
            "voice": NSNull(), "segments": segments,
        ]
        return (id, String(decoding: try JSONSerialization.data(withJSONObject: note), as: UTF8.self))
    }

    @Test("segments pushed from one machine are pulled by the other; a hub row with segments out of order is skipped, naming why")
    func segmentsTravel() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "segments-pw-3")
        defer { a.remove(); b.remove() }
        let spoken = try Self.line(text: "he was not an ill-disposed young man.", segments: Self.segments)
        try await a.importNotes([spoken.json])
        #expect(try await a.sync()["pushed"] == 1)
        #expect(try await b.sync()["pulled"] == 1)
        let exported = try await b.export()
        #expect(exported == (try await a.export()))
        #expect(exported.contains(#""voice":null,"segments":[{"start_ms":0,"end_ms":1800,"text":"he was not an"},{"start_ms":1800,"#),
                "\(exported)")

        // Rows written to the hub by hand: one with segments out of order, one with good ones.
        let stamp = try await server.psql("SELECT hlc FROM margin.note WHERE id = '\(spoken.id)'", database: "notes").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let bad = try Self.line(text: "forged", segments: [["start_ms": 900, "end_ms": 1000, "text": "b"], ["start_ms": 0, "end_ms": 10, "text": "a"]])
        let good = try Self.line(text: "a good row written by hand", segments: [["start_ms": 0, "end_ms": 10, "text": "a good row written by hand"]])
        let base = try #require(Int(try await server.psql("SELECT seq FROM margin.account WHERE owner = 'alice'", database: "notes").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        for (index, row) in [bad, good].enumerated() {
            let inserted = try await server.psql("""
                INSERT INTO margin.note (owner, id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
                VALUES ('alice', '\(row.id)', '\(stamp)', '\(stamp)', '\(stamp)', '\(stamp)', false, '\(row.json)'::json, \(base + index + 1))
                """, database: "notes")
            try #require(inserted.status == 0, "\(inserted.stderr)")
        }
        #expect(try await server.psql("UPDATE margin.account SET seq = \(base + 2) WHERE owner = 'alice'", database: "notes").status == 0)

        let pulled = try await b.margin("sync", "--json")
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(pulled.stdout.utf8)) as? [String: Any])
        #expect(report["pulled"] as? Int == 1, "\(report)")
        let skipped = try #require(report["skipped"] as? [[String: String]])
        #expect(skipped.count == 1 && skipped.first?["hub_id"]?.hasPrefix(bad.id) == true, "\(skipped)")
        #expect(skipped.first?["reason"]?.contains("its segments are not segments: segment 2 starts (0 ms) before the segment ahead of it (900 ms)") == true,
                "\(skipped)")
        let after = try await b.export()
        #expect(after.contains(#""text":"a good row written by hand","#) && after.contains(#""segments":[{"start_ms":0,"end_ms":10,"#))
        #expect(!after.contains("forged"))
    }

    @Test("new segments for the same text (a note transcribed again) reach the other machine")
    func retimedTravel() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "segments-pw-4")
        defer { a.remove(); b.remove() }
        let spoken = try Self.line(text: "he was not an ill-disposed young man.", segments: Self.segments)
        try await a.importNotes([spoken.json])
        #expect(try await a.sync()["pushed"] == 1)
        #expect(try await b.sync()["pulled"] == 1)

        // The same words, timed anew, a minute later.
        let retimed = spoken.json
            .replacingOccurrences(of: #""updated_at":"2026-11-21T09:15:02.123Z""#, with: #""updated_at":"2026-11-21T09:16:02.123Z""#)
            .replacingOccurrences(of: "1800", with: "1750")
        #expect(retimed != spoken.json && retimed.contains("09:16:02.123Z"))
        try await a.importNotes([retimed])
        #expect(try await a.sync()["pushed"] == 1)
        #expect(try await b.sync()["pulled"] == 1)
        let exported = try await b.export()
        #expect(exported == (try await a.export()))
        #expect(exported.contains(#"{"start_ms":0,"end_ms":1750,"text":"he was not an"}"#), "\(exported)")
    }
}
