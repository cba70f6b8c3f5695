import Foundation
import Testing

/// A member's row for one of the person's notes, stamped so that no machine applies it (a
/// stamp from the year 9999, one that is not a stamp, one from 2286): the next change of the
/// note made on any machine replaces it on the hub, and every machine gets that change.
@Suite("sync: a change replaces a poisoned hub row", .serialized)
struct SyncPoisonReplaceTests {
    /// The stamps written into the poisoned row: its own, and those of its text, tags and pin.
    struct Poison: Sendable, CustomTestStringConvertible {
        let name: String
        /// The row's own stamp; nil for a sound one, made when the row is written.
        let hlc: String?
        let parts: [String]
        /// What the pull's reason says of it.
        let reason: String

        var testDescription: String { name }

        static let cases = [
            Poison(name: "a stamp from the year 9999", hlc: "253402300799999-00000000-evil",
                   parts: Array(repeating: "253402300799999-00000000-evil", count: 3), reason: "is not a stamp"),
            Poison(name: "the stamp zzzz", hlc: "zzzz", parts: ["zzzz", "zzzz", "zzzz"], reason: "is not a stamp"),
            Poison(name: "a stamp from 2286", hlc: "9999999999999-00000000-evil",
                   parts: Array(repeating: "9999999999999-00000000-evil", count: 3), reason: "further ahead than sync.max-drift allows"),
            Poison(name: "a sound stamp with its pin's from 2286", hlc: nil,
                   parts: ["", "", "9999999999999-00000000-evil"], reason: "further ahead than sync.max-drift allows"),
        ]

        /// The row's stamps, a sound one (now, another node's) where none is given.
        func stamps() -> (hlc: String, parts: [String]) {
            let now = String(Int64(Date().timeIntervalSince1970 * 1000)) + "-00000000-evil"
            return (hlc ?? now, parts.map { $0.isEmpty ? now : $0 })
        }
    }

    @Test("both machines skip the poisoned row; P1 then edits the note's text, tags and pin and syncs; P2 syncs and has the edit",
          arguments: Poison.cases)
    func editReplacesPoisonedRow(poison: Poison) async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let password = "poison-pw-10"
        let (_, p1, p2) = try await SyncMachine.pair(on: server, password: password)
        defer { p1.remove(); p2.remove() }
        try await p1.importNotes(SyncMachine.sampleNotes(3, prefix: "kept"))
        #expect(try await p1.sync()["pushed"] == 3)
        #expect(try await p2.sync()["pulled"] == 3)
        let id = try await server.psql("SELECT id FROM margin.note WHERE body->>'pinned' = 'true' ORDER BY id LIMIT 1", database: "notes").stdout
        try #require(id.count == 36, "\(id)")
        let original = try await Self.note(id, on: p2)

        // Written as the member herself, past margin: the row and the person's counter.
        let (hlc, parts) = poison.stamps()
        let poisoned = try await server.psql("""
            UPDATE margin.note SET hlc = '\(hlc)', text_hlc = '\(parts[0])', tags_hlc = '\(parts[1])', pin_hlc = '\(parts[2])',
                body = json_build_object('id', id, 'text', 'poisoned text', 'tags', '[]'::json, 'created_at', body->'created_at',
                                         'updated_at', body->'updated_at', 'pinned', false),
                seq = (SELECT seq + 1 FROM margin.account WHERE owner = current_user)
            WHERE id = '\(id)';
            UPDATE margin.account SET seq = seq + 1 WHERE owner = current_user;
            """, database: "notes", user: "alice", password: password)
        try #require(poisoned.status == 0, "\(poisoned.stderr)")

        for machine in [p1, p2] {
            let (report, stderr) = try await Self.sync(machine)
            #expect(Self.reason(of: id, in: report)?.contains(poison.reason) == true, "\(report)")
            #expect(stderr.contains("margin: skipped hub row \(id)"), "\(stderr)")
            #expect(try await Self.note(id, on: machine)["text"] as? String == original["text"] as? String, "the row is not applied")
        }

        let edited = "edited on P1 after the poisoned row came"
        #expect(try await p1.margin("edit", id, edited).status == 0)
        #expect(try await p1.margin("tag", id, "+mended").status == 0)
        let pinned = try await p1.margin("pin", id, "--episode", "4rOoJ6Egrf8K2IrywzwOMk", "--at", "20:00")
        #expect(pinned.status == 0, "\(pinned.stderr)")

        let (pushed, stderr) = try await Self.sync(p1)
        #expect(pushed["pushed"] as? Int == 1, "the edit is taken: \(pushed)")
        #expect(pushed["hub_reset"] as? Bool == false)
        let replaced = try #require(Self.reason(of: id, in: pushed), "the replaced row is reported: \(pushed)")
        #expect(replaced.contains(poison.reason) && replaced.contains("this machine's change replaced it on the hub"), "\(replaced)")
        #expect((pushed["skipped"] as? [Any])?.count == 1, "reported once: \(pushed)")
        #expect(stderr.contains("margin: skipped hub row \(id)"), "\(stderr)")
        let settled = try await Self.sync(p1).report
        #expect(settled["pushed"] as? Int == 0 && (settled["skipped"] as? [Any])?.isEmpty == true, "\(settled)")

        let stamp = try await server.psql("SELECT hlc || ' ' || text_hlc || ' ' || tags_hlc || ' ' || pin_hlc FROM margin.note WHERE id = '\(id)'",
                                          database: "notes").stdout
        for part in stamp.split(separator: " ") {
            let wall = try #require(Int64(part.prefix(13)), "\(stamp)")
            #expect(part.count >= 24 && Double(wall) / 1000 < Date().timeIntervalSince1970 + 3600, "the hub holds P1's stamps: \(stamp)")
        }

        let (pulled, _) = try await Self.sync(p2)
        #expect(pulled["pulled"] as? Int == 1, "\(pulled)")
        #expect((pulled["skipped"] as? [Any])?.isEmpty == true, "\(pulled)")
        #expect(pulled["hub_reset"] as? Bool == false, "a replaced row is no rollback: \(pulled)")
        let note = try await Self.note(id, on: p2)
        #expect(note["text"] as? String == edited)
        #expect(note["tags"] as? [String] == ["mended"])
        #expect(note["pinned"] as? Bool == true && note["progress_ms"] as? Int == 1_200_000, "\(note)")
        let again = try await Self.sync(p2).report
        #expect(again["pulled"] as? Int == 0 && (again["skipped"] as? [Any])?.isEmpty == true && again["hub_reset"] as? Bool == false, "\(again)")
        #expect(try await p1.export() == p2.export())
    }

    @Test("B's row, 2 minutes ahead, is skipped by A's pull (sync.max-drift 60s); A's edit replaces it, B's text is kept as a conflict version, and B's next sync finds no rollback")
    func replacedRowKeepsItsText() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let password = "poison-pw-11"
        let (_, a, b) = try await SyncMachine.pair(on: server, password: password)
        defer { a.remove(); b.remove() }
        try await b.importNotes(SyncMachine.sampleNotes(3, prefix: "shared"))
        #expect(try await b.sync()["pushed"] == 3)
        #expect(try await a.sync()["pulled"] == 3)
        #expect(try await a.margin("config", "set", "sync.max-drift", "60s").status == 0)
        let id = try await server.psql("SELECT id FROM margin.note ORDER BY id LIMIT 1", database: "notes").stdout
        try #require(id.count == 36, "\(id)")

        // B's edit, stamped as by a clock 2 minutes fast: within B's sync.max-drift, beyond A's.
        let textOnB = "B's text, written with a clock 2 minutes fast"
        #expect(try await b.margin("edit", id, textOnB).status == 0)
        #expect(try await b.sync()["pushed"] == 1)
        let ahead = try await server.psql("""
            UPDATE margin.note SET
                hlc = lpad(((extract(epoch FROM clock_timestamp()) * 1000)::bigint + 120000)::text, 13, '0') || substr(hlc, 14),
                text_hlc = lpad(((extract(epoch FROM clock_timestamp()) * 1000)::bigint + 120000)::text, 13, '0') || substr(hlc, 14),
                seq = (SELECT seq + 1 FROM margin.account WHERE owner = current_user)
            WHERE id = '\(id)';
            UPDATE margin.account SET seq = seq + 1 WHERE owner = current_user;
            """, database: "notes", user: "alice", password: password)
        try #require(ahead.status == 0, "\(ahead.stderr)")
        let onB = try await Self.sync(b).report
        #expect(onB["pulled"] as? Int == 1 && onB["hub_reset"] as? Bool == false, "\(onB)")

        let (skipped, _) = try await Self.sync(a)
        #expect(Self.reason(of: id, in: skipped)?.contains("further ahead than sync.max-drift allows") == true, "\(skipped)")
        #expect(try await a.margin("edit", id, "A's text").status == 0)
        let (pushed, _) = try await Self.sync(a)
        #expect(pushed["pushed"] as? Int == 1 && pushed["hub_reset"] as? Bool == false, "\(pushed)")
        #expect(Self.reason(of: id, in: pushed)?.contains("this machine's change replaced it on the hub") == true, "\(pushed)")

        let kept = try await server.psql("SELECT kind || ' ' || (body->>'text') FROM margin.note_version WHERE id = '\(id)'", database: "notes").stdout
        #expect(kept.contains("conflict \(textOnB)"), "B's text is kept on the hub: \(kept)")
        let history = try await a.margin("show", id, "--history", "--json")
        let versions = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(versions.contains { $0["text"] as? String == textOnB && $0["kind"] as? String == "conflict" }, "\(history.stdout)")

        let after = try await Self.sync(b).report
        #expect(after["hub_reset"] as? Bool == false, "a replaced row is no rollback: \(after)")
    }

    /// `margin sync --json` on `machine`, expected to succeed: its report and stderr.
    static func sync(_ machine: SyncMachine) async throws -> (report: [String: Any], stderr: String) {
        let result = try await machine.margin("sync", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (try #require(report, "\(result.stdout)"), result.stderr)
    }

    /// Note `id` on `machine`, as `margin show --json` prints it.
    static func note(_ id: String, on machine: SyncMachine) async throws -> [String: Any] {
        let result = try await machine.margin("show", id, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// The reason `report` gives for skipping the hub row of note `id`.
    static func reason(of id: String, in report: [String: Any]) -> String? {
        (report["skipped"] as? [[String: String]])?.first { $0["hub_id"] == id }?["reason"]
    }
}
