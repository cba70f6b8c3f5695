import Foundation
import TestSupport
import Testing

/// `margin sync` end to end: the built binary, several machines (homes), a real PostgreSQL.
@Suite("sync through a PostgreSQL hub", .serialized)
struct SyncTests {
    /// A server with one person (`alice`, owning the database `notes`), and `count` machines.
    static func hub(machines count: Int) async throws -> (PostgresServer, [SyncMachine]) {
        let server = try await PostgresServer.start()
        try await server.createUser("alice", password: "alice-pw-7f3a", database: "notes")
        let url = server.url(user: "alice", password: "alice-pw-7f3a", database: "notes")
        return (server, try (0..<count).map { _ in try SyncMachine(hub: url) })
    }

    /// The ids of a JSON Lines export, in order.
    static func ids(_ export: String) -> [String] {
        export.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
    }

    static func finish(_ server: PostgresServer, _ machines: [SyncMachine]) {
        server.stop()
        machines.forEach { $0.remove() }
    }

    @Test("three machines editing offline and syncing in any order, or all at once, end byte-identical")
    func threeMachinesConverge() async throws {
        let (server, machines) = try await Self.hub(machines: 3)
        defer { Self.finish(server, machines) }
        let (a, b, c) = (machines[0], machines[1], machines[2])
        try await a.importNotes(SyncMachine.sampleNotes(60, prefix: "A"))
        #expect(try await a.sync() == ["pushed": 60, "pulled": 0, "conflicts": 0])
        #expect(try await b.sync()["pulled"] == 60)
        #expect(try await c.sync()["pulled"] == 60)

        // Offline: each machine changes something different.
        let edited = try await a.id(of: "A 0 plain")
        #expect(try await a.margin("edit", edited, "A 0 edited on A").status == 0)
        let tagged = try await b.id(of: "A 5 plain")
        #expect(try await b.margin("tag", tagged, "+from-b", "-sample").status == 0)
        let deleted = try await c.id(of: "A 10 plain")
        #expect(try await c.margin("delete", deleted, "--yes").status == 0)
        // Every character a statement's array parameter or a COPY row escapes.
        let awkward = "taken on B, ünïcode 🎧, \"quoted\", a back\\slash, {braces}, NULL and the end"
        #expect(try await b.margin("note", awkward).status == 0)
        #expect(try await c.margin("note", "taken on C").status == 0)
        try await c.importNotes(SyncMachine.sampleNotes(7, prefix: "C"))

        _ = try await c.sync()
        _ = try await a.sync()
        _ = try await b.sync()
        // All three at the same moment.
        async let syncA = a.sync()
        async let syncB = b.sync()
        async let syncC = c.sync()
        _ = try await (syncA, syncB, syncC)
        for machine in machines { _ = try await machine.sync() }

        let exports = try await [a.export(), b.export(), c.export()]
        #expect(exports[0] == exports[1] && exports[1] == exports[2])
        let lines = exports[0].split(separator: "\n")
        let expected = 60 - 1 + 2 + 7
        #expect(lines.count == expected)
        #expect(Set(Self.ids(exports[0])).count == expected)
        #expect(exports[0].contains("A 0 edited on A") && !exports[0].contains("\"A 10 plain\""))
        let texts = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.compactMap { $0?["text"] as? String }
        #expect(texts.contains(awkward) && texts.contains("taken on C"))
        let tags = try await a.margin("tag", tagged)
        #expect(tags.stdout.contains("from-b") && !tags.stdout.contains("sample"))
        // Settled: another round moves nothing.
        for machine in machines { #expect(try await machine.sync() == ["pushed": 0, "pulled": 0, "conflicts": 0]) }
    }

    @Test("two machines editing one note before syncing: the newer edit wins everywhere, the other text is kept")
    func conflictKeepsBothTexts() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        #expect(try await a.margin("note", "the original").status == 0)
        _ = try await a.sync()
        _ = try await b.sync()
        let id = try await a.id(of: "the original")
        #expect(try await b.margin("edit", id, "older edit, on B").status == 0)
        // A's edit is stamped later on the wall clock: its process starts after B's has ended, and
        // a start takes milliseconds.
        #expect(try await a.margin("edit", id, "newer edit, on A").status == 0)
        // B syncs first, yet A's later edit wins; on B's next sync it arrives.
        _ = try await b.sync()
        #expect(try await a.sync()["conflicts"] == 1)
        _ = try await b.sync()
        for machine in machines {
            let shown = try await machine.margin("show", id)
            #expect(shown.stdout.contains("newer edit, on A"))
            let history = try await machine.margin("show", id, "--history", "--json")
            let versions = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(versions.contains { $0["text"] as? String == "older edit, on B" && $0["kind"] as? String == "conflict" })
            #expect(versions.contains { $0["text"] as? String == "the original" && $0["kind"] as? String == "edited" })
        }
        #expect(try await a.export() == b.export())
    }

    @Test("a tag change on one machine and a text edit on another, at the same time: both reach both")
    func partsMerge() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        #expect(try await a.margin("note", "one note, two changes", "--tag", "first").status == 0)
        _ = try await a.sync()
        _ = try await b.sync()
        let id = try await a.id(of: "one note, two changes")
        #expect(try await a.margin("tag", id, "+from-a").status == 0)
        #expect(try await b.margin("edit", id, "reworded on B").status == 0)
        _ = try await a.sync()
        #expect(try await b.sync()["conflicts"] == 0)
        _ = try await a.sync()
        for machine in machines {
            let note = try await machine.margin("show", id, "--json")
            #expect(note.stdout.contains("\"text\":\"reworded on B\"") && note.stdout.contains("\"tags\":[\"first\",\"from-a\"]"))
        }
        #expect(try await a.export() == b.export())
    }

    @Test("tags added and removed on two machines at the same time merge per tag: every add and every remove survives, no conflict")
    func tagsMergePerTag() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        #expect(try await a.margin("note", "tagged on two machines", "--tag", "kept", "--tag", "dropped-on-a", "--tag", "dropped-on-b").status == 0)
        _ = try await a.sync()
        _ = try await b.sync()
        let id = try await a.id(of: "tagged on two machines")
        #expect(try await a.margin("tag", id, "+added-on-a", "-dropped-on-a").status == 0)
        #expect(try await b.margin("tag", id, "+added-on-b", "-dropped-on-b").status == 0)
        #expect(try await a.sync()["conflicts"] == 0)
        #expect(try await b.sync()["conflicts"] == 0)
        _ = try await a.sync()
        for machine in machines {
            let note = try await machine.margin("show", id, "--json")
            let object = try JSONSerialization.jsonObject(with: Data(note.stdout.utf8)) as? [String: Any]
            #expect(Set(object?["tags"] as? [String] ?? []) == ["kept", "added-on-a", "added-on-b"], "\(note.stdout)")
        }
        #expect(try await a.export() == b.export())
    }

    @Test("a sync killed at 20 random moments, then run again, converges with no duplicates")
    func killedSyncsConverge() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        try await a.importNotes(SyncMachine.sampleNotes(6000, prefix: "A"))
        try await b.importNotes(SyncMachine.sampleNotes(1500, prefix: "B"))
        var killed = 0
        for round in 0..<20 {
            let machine = round % 2 == 0 ? a : b
            #expect(try await machine.margin("note", "round \(round)").status == 0)
            let process = try ChildProcess(MarginProcess.marginPath, ["sync"], environment: machine.environment)
            // The kill's moment is the input: any instant of the sync, which no event marks.
            try await randomMoment(upTo: .milliseconds(600))
            if process.isRunning {
                process.send(SIGKILL)
                killed += 1
            }
            _ = await process.exit()
        }
        #expect(killed > 0, "no sync was still running when the kill came")
        for _ in 0..<2 { for machine in machines { _ = try await machine.sync() } }
        let (exportA, exportB) = try await (a.export(), b.export())
        #expect(exportA == exportB)
        let ids = Self.ids(exportA)
        let expected: Int = 6000 + 1500 + 20
        #expect(ids.count == expected)
        #expect(Set(ids).count == ids.count)
        let rows = try await server.psql("SELECT count(*), count(DISTINCT id) FROM margin.note", database: "notes")
        #expect(rows.stdout == "7520|7520")
    }

    @Test("a first pull of 6 000 notes, written in bulk: the same notes, found by the same words in text, tags and names")
    func bulkFirstPull() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        try await a.importNotes(SyncMachine.sampleNotes(6000, prefix: "A"))
        #expect(try await a.sync()["pushed"] == 6000)
        #expect(try await b.sync()["pulled"] == 6000)
        let export = try await a.export()
        #expect(try await b.export() == export)
        #expect(Self.ids(export).count == 6000)
        // A word of one note's text, a tag, and the text's word with its episode's or show's name.
        for (query, count) in [("4321", 1), ("tag3", 300), ("episode 4321", 1), ("curiosity 4321", 1)] {
            var found: [Set<String>] = []
            for machine in [a, b] {
                let result = try await machine.margin("search", query, "--json", "--limit", "1000")
                #expect(result.status == 0, "search \(query): \(result.stderr)")
                let notes = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
                found.append(Set(notes.compactMap { $0["id"] as? String }))
            }
            #expect(found[0].count == count, "search \(query) found \(found[0].count) notes")
            #expect(found[1] == found[0], "search \(query): the pulled store found \(found[1].count) notes")
        }
    }

    @Test("over a thousand changes into a hub that has the person's notes, and into one that has none: tombstones and all, every note once")
    func bulkPushes() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        // Among a's, six long notes: its push's chunk is sent in several COPY messages, split
        // wherever the bytes fall (inside an escape, a character, a row).
        let long = try (0..<6).map { index in
            let text = String(repeating: "tab\tline\nback\\slash é東🎧 \(index) ", count: 28_000)
            var note: [String: Any] = ["id": UUID().uuidString.lowercased(), "text": text, "tags": ["long"], "pinned": false,
                                       "created_at": "2026-11-21T09:15:02.123Z", "updated_at": "2026-11-21T09:15:02.123Z"]
            for key in ["item_type", "item_id", "item_uri", "item_name", "show_id", "show_name", "progress_ms", "duration_ms", "position", "link"] {
                note[key] = NSNull()
            }
            return String(decoding: try JSONSerialization.data(withJSONObject: note), as: UTF8.self)
        }
        try await a.importNotes(SyncMachine.sampleNotes(1194, prefix: "A") + long)
        try await b.importNotes(SyncMachine.sampleNotes(1300, prefix: "B"))
        for text in ["B 5 plain", "B 1001 Grüße, 東京, emoji 🎧 and \"quotes\""] {
            #expect(try await b.margin("delete", try await b.id(of: text), "--yes").status == 0)
        }
        // a's push finds a hub with none of alice's notes; b's, one with a's 1 200.
        #expect(try await a.sync()["pushed"] == 1200)
        #expect(try await b.sync() == ["pushed": 1300, "pulled": 1200, "conflicts": 0])
        // b's 1 300 changes, its two deletes among them.
        #expect(try await a.sync()["pulled"] == 1300)
        let (exportA, exportB) = try await (a.export(), b.export())
        #expect(exportA == exportB)
        #expect(Set(Self.ids(exportA)).count == 2498)
        let rows = try await server.psql("SELECT count(*), count(DISTINCT seq), count(*) FILTER (WHERE deleted) FROM margin.note", database: "notes")
        #expect(rows.stdout == "2500|2500|2")
    }

    @Test("PostgreSQL stopped in the middle of a sync: exit 7, and once it is back the machines converge")
    func serverStoppedMidSync() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        try await a.importNotes(SyncMachine.sampleNotes(20000, prefix: "A"))
        async let interrupted = a.margin("sync")
        // Into the push of 20 000 notes: its transaction has written its account row, and holds
        // that table's row lock till it ends. Were the push already done, the hub has the notes,
        // and the test goes on with what is left. (The first sync makes the tables: until then
        // both queries fail, and are asked again.)
        try await waitUntil("the push under way") {
            let pushing = try await server.psql(
                "SELECT EXISTS (SELECT 1 FROM pg_locks JOIN pg_stat_activity USING (pid) WHERE usename = 'alice' "
                    + "AND relation = 'margin.account'::regclass AND mode = 'RowExclusiveLock')", database: "notes")
            if pushing.stdout == "t" { return true }
            return try await server.psql("SELECT EXISTS (SELECT 1 FROM margin.note)", database: "notes").stdout == "t"
        }
        try await server.stopServer()
        let result = try await interrupted
        if result.status != 0 {
            #expect(result.status == 7)
            #expect(result.stderr.contains("cannot reach the sync hub alice@127.0.0.1"))
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let offline = try await b.margin("sync")
        #expect(offline.status == 7)
        #expect(try await b.margin("note", "taken while the hub was down").status == 0)
        #expect(try await server.startServer())
        for _ in 0..<2 { for machine in machines { _ = try await machine.sync() } }
        let (exportA, exportB) = try await (a.export(), b.export())
        #expect(exportA == exportB)
        #expect(exportA.split(separator: "\n").count == 20001)
    }

    @Test("a capture while a sync runs is not blocked and reaches the other machine")
    func captureDuringSync() async throws {
        let (server, machines) = try await Self.hub(machines: 2)
        defer { Self.finish(server, machines) }
        let (a, b) = (machines[0], machines[1])
        try await a.importNotes(SyncMachine.sampleNotes(15000, prefix: "A"))
        async let syncing = a.margin("sync")
        for index in 0..<5 {
            let note = try await a.margin("note", "captured during sync \(index)")
            #expect(note.status == 0 && note.stdout.hasPrefix("Saved"), "capture \(index): \(note.stderr)")
        }
        #expect(try await syncing.status == 0)
        _ = try await a.sync()
        _ = try await b.sync()
        let export = try await b.export()
        for index in 0..<5 { #expect(export.contains("captured during sync \(index)")) }
        #expect(try await a.export() == export)
    }
}
