import Foundation
import Testing

/// A hub restored from a backup is behind every machine that synced since: they find it so,
/// start over with it, and every note written since the backup comes back.
@Suite("sync: a hub restored from a backup", .serialized)
struct SyncRollbackTests {
    @Test("pg_dump, more syncs, restore: both machines and the hub end with every note; the reset is told")
    func restoredHub() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "restore-pw-9")
        defer { a.remove(); b.remove() }
        for text in ["a1 before the backup", "a2 before the backup"] { #expect(try await a.margin("note", text).status == 0) }
        _ = try await a.sync()
        #expect(try await b.sync()["pulled"] == 2)

        let dump = a.root + "/hub.sql"
        let admin = ["PGPASSWORD": PostgresServer.adminPassword, "PATH": "/usr/bin:/bin"]
        let dumped = try await Reliability.runProgram(
            server.binaries + "/pg_dump", ["-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", "-d", "notes", "-n", "margin", "-f", dump],
            environment: admin)
        try #require(dumped.status == 0, "\(dumped.stderr)")

        #expect(try await a.margin("note", "a3 after the backup").status == 0)
        _ = try await a.sync()
        #expect(try await b.margin("note", "b1 after the backup").status == 0)
        _ = try await b.sync()
        _ = try await a.sync()

        #expect(try await server.psql("DROP SCHEMA margin CASCADE", database: "notes").status == 0)
        let restored = try await Reliability.runProgram(
            server.binaries + "/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres",
                                        "-d", "notes", "-f", dump],
            environment: admin)
        try #require(restored.status == 0, "\(restored.stderr)")
        #expect(try await server.psql("SELECT count(*) FROM margin.note", database: "notes").stdout == "2", "the hub is back before a3 and b1")

        #expect(try await b.margin("note", "b2 after the restore").status == 0)
        let first = try await b.margin("sync", "--json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("the sync hub is not where this machine left it"), "\(first.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])?["hub_reset"] as? Bool == true)
        let second = try await a.margin("sync", "--json")
        #expect(second.status == 0, "\(second.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])?["hub_reset"] as? Bool == true,
                "the other machine starts over too: \(second.stderr)")
        for machine in [b, a, b] { _ = try await machine.sync() }

        let (exportA, exportB) = (try await a.export(), try await b.export())
        #expect(exportA == exportB)
        for text in ["a1 before the backup", "a2 before the backup", "a3 after the backup", "b1 after the backup", "b2 after the restore"] {
            #expect(exportA.contains(text), "\(text) is on every machine")
        }
        #expect(try await server.psql("SELECT count(*) FROM margin.note WHERE NOT deleted", database: "notes").stdout == "5")
        let quiet = try await a.margin("sync", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any])?["hub_reset"] as? Bool == false,
                "told once: \(quiet.stdout)")
    }
}
