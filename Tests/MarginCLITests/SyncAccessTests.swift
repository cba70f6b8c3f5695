import Foundation
import Testing

/// Who may reach the hub, and what a user reads when they cannot.
@Suite("sync: isolation, passwords and errors", .serialized)
struct SyncAccessTests {
    @Test("an administrator's setup: each person's role sees and changes only their own notes")
    func rowLevelSecurity() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        #expect(try await server.psql("CREATE DATABASE shared").status == 0)
        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(setup.status == 0)
        let applied = try await server.psql(setup.stdout, database: "shared")
        #expect(applied.status == 0, "setup SQL failed: \(applied.stderr)")
        // Safe to run twice.
        #expect(try await server.psql(setup.stdout, database: "shared").status == 0)
        for (user, password) in [("alice", "alice-pw-1"), ("bob", "bob-pw-2")] {
            #expect(try await server.psql("CREATE ROLE \(user) LOGIN PASSWORD '\(password)' IN ROLE margin_user").status == 0)
        }
        let alice = try SyncMachine(hub: server.url(user: "alice", password: "alice-pw-1", database: "shared"))
        let bob = try SyncMachine(hub: server.url(user: "bob", password: "bob-pw-2", database: "shared"))
        defer { alice.remove(); bob.remove() }
        try await alice.importNotes(SyncMachine.sampleNotes(10, prefix: "alice"))
        #expect(try await alice.sync()["pushed"] == 10)
        #expect(try await bob.margin("note", "bob's own").status == 0)
        #expect(try await bob.sync() == ["pushed": 1, "pulled": 0, "conflicts": 0])
        #expect(!(try await bob.export()).contains("alice"))

        // Bob, by hand, through the same role: nothing of Alice's to read, change or forge.
        let asBob = { (sql: String) in try await server.psql(sql, database: "shared", user: "bob", password: "bob-pw-2") }
        #expect(try await asBob("SELECT count(*) FROM margin.note").stdout == "1")
        #expect(try await asBob("SELECT count(*) FROM margin.note WHERE owner = 'alice'").stdout == "0")
        #expect(try await asBob("UPDATE margin.note SET deleted = true, body = NULL WHERE owner = 'alice'").status == 0)
        let forged = try await asBob("""
            INSERT INTO margin.note (owner, id, hlc, deleted, body, seq) VALUES ('alice', 'x', 'z', true, NULL, 99)
            """)
        #expect(forged.status != 0 && forged.stderr.contains("row-level security"))
        #expect(try await asBob("CREATE TABLE margin.mine (x int)").status != 0)
        let aliceRows = try await server.psql("SELECT count(*) FROM margin.note WHERE owner = 'alice' AND NOT deleted", database: "shared")
        #expect(aliceRows.stdout == "10")
        let fresh = try SyncMachine(hub: alice.hub)
        defer { fresh.remove() }
        #expect(try await fresh.sync()["pulled"] == 10)
    }

    @Test("unreachable, wrong password, no hub, too new a hub: one line each, the right exit code, no password shown")
    func errors() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "hunter2-secret", database: "notes")
        let machine = try SyncMachine(hub: server.url(user: "alice", password: "hunter2-secret", database: "notes"))
        defer { machine.remove() }
        #expect(try await machine.margin("note", "kept whatever happens").status == 0)
        let before = try await machine.export()

        let closed = "postgres://alice:hunter2-secret@127.0.0.1:\(PostgresServer.freePort())/notes?sslmode=disable"
        let unreachable = try await machine.margin("sync", "--verbose", env: ["MARGIN_SYNC_URL": closed])
        #expect(unreachable.status == 7)
        #expect(unreachable.stderr.contains("margin: cannot reach the sync hub alice@127.0.0.1:"))

        let wrong = try await machine.margin("sync", env: ["MARGIN_SYNC_URL": server.url(user: "alice", password: "not-it", database: "notes")])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("refused the login"))

        var noHub = machine.environment
        noHub["MARGIN_SYNC_URL"] = nil
        let unset = try await MarginProcess.run(["sync"], environment: noHub)
        #expect(unset.status == 1 && unset.stderr.contains("margin config set sync.url"))

        let stored = try await machine.margin("config", "set", "sync.url", "postgres://alice:hunter2-secret@db.example.org/notes")
        #expect(stored.status == 64 && stored.stderr.contains("~/.pgpass"))

        #expect(try await machine.sync()["pushed"] == 1)
        #expect(try await server.psql("INSERT INTO margin.migration (name) VALUES ('2099-01-future')", database: "notes").status == 0)
        #expect(try await machine.margin("note", "after the hub moved on").status == 0)
        let tooNew = try await machine.margin("sync")
        #expect(tooNew.status == 1)
        #expect(tooNew.stderr.contains("set up by a newer margin") && tooNew.stderr.contains("2099-01-future"))
        let onHub = try await server.psql("SELECT count(*) FROM margin.note", database: "notes")
        #expect(onHub.stdout == "1")

        for result in [unreachable, wrong, unset, stored, tooNew] {
            #expect(!result.output.contains("hunter2-secret"))
            #expect(result.stderr.split(separator: "\n").count == (result.stderr.contains("margin: syncing") ? 2 : 1))
        }
        #expect(try await machine.export().hasPrefix(before.trimmingCharacters(in: .newlines)))
    }

    @Test("the password from ~/.pgpass when it is private, not when others can read it")
    func passwordFile() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "from-pgpass-9c", database: "notes")
        let machine = try SyncMachine(hub: server.url(user: "alice", password: nil, database: "notes"))
        defer { machine.remove() }
        let pgpass = machine.root + "/.pgpass"
        try Data("# margin\n127.0.0.1:\(server.port):notes:alice:from-pgpass-9c\n".utf8).write(to: URL(fileURLWithPath: pgpass))
        chmod(pgpass, 0o600)
        #expect(try await machine.sync() == ["pushed": 0, "pulled": 0, "conflicts": 0])
        chmod(pgpass, 0o644)
        let open = try await machine.margin("sync")
        #expect(open.status == 1 && open.stderr.contains("refused the login"))
        let fromEnvironment = try await machine.margin("sync", env: ["PGPASSWORD": "from-pgpass-9c"])
        #expect(fromEnvironment.status == 0)
    }
}
