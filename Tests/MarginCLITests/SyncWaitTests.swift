import Foundation
import TestSupport
import Testing

/// Every wait on the hub ends within `sync.timeout`: a lock another session holds, a server
/// that accepts and says nothing. A sync that gives up exits 7 and names what it waited for;
/// `--watch` keeps going and syncs once the hub is free.
@Suite("sync: bounded waits", .serialized)
struct SyncWaitTests {
    /// Runs `sql` as `user` in a psql session that stays open, holding whatever the SQL took,
    /// as long as the returned pipe (its stdin) is open and the process alive.
    static func holding(_ server: PostgresServer, _ sql: String, database: String, user: String, password: String) throws -> (ChildProcess, ChildPipe) {
        let input = try ChildPipe()
        let session = try ChildProcess(
            server.binaries + "/psql", ["-X", "-q", "-h", "127.0.0.1", "-p", String(server.port), "-U", user, "-d", database],
            environment: ["PGPASSWORD": password, "PATH": "/usr/bin:/bin"], input: input.read)
        try input.read.close()
        input.write.write(Data((sql + "\n").utf8))
        return (session, input)
    }

    /// Waits until the superuser sees `condition` hold (a `SELECT` of one boolean).
    static func until(_ server: PostgresServer, _ condition: String, database: String) async throws {
        try await waitUntil(condition) { try await server.psql("SELECT \(condition)", database: database).stdout == "t" }
    }

    /// A hub set up by its administrator with two members, alice already syncing.
    static func sharedHub(_ server: PostgresServer) async throws -> SyncMachine {
        #expect(try await server.psql("CREATE DATABASE shared").status == 0)
        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(try await server.psql(setup.stdout, database: "shared").status == 0)
        for (user, password) in [("alice", "alice-pw-4"), ("mallory", "mallory-pw-5")] {
            #expect(try await server.psql("CREATE ROLE \(user) LOGIN PASSWORD '\(password)' IN ROLE margin_user").status == 0)
        }
        let alice = try SyncMachine(hub: server.url(user: "alice", password: "alice-pw-4", database: "shared"))
        #expect(try await alice.margin("config", "set", "sync.timeout", "3").status == 0)
        #expect(try await alice.margin("note", "before the lock").status == 0)
        _ = try await alice.sync()
        return alice
    }

    @Test("a member's LOCK TABLE on margin.account: sync exits 7 within the timeout, naming the lock; --watch syncs once it is released")
    func memberLocksTable() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let alice = try await Self.sharedHub(server)
        defer { alice.remove() }
        let (lock, stdin) = try Self.holding(server, "BEGIN; LOCK TABLE margin.account IN ACCESS EXCLUSIVE MODE;",
                                             database: "shared", user: "mallory", password: "mallory-pw-5")
        defer { lock.send(SIGKILL) }
        try await Self.until(server, "EXISTS (SELECT 1 FROM pg_locks WHERE relation = 'margin.account'::regclass AND mode = 'AccessExclusiveLock' AND granted)",
                             database: "shared")

        #expect(try await alice.margin("note", "written while the hub is locked").status == 0)
        let started = ContinuousClock.now
        let blocked = try await alice.margin("sync")
        let waited = ContinuousClock.now - started
        #expect(blocked.status == 7, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("kept margin waiting 3 s for a lock another session holds (sync.timeout)"), "\(blocked.stderr)")
        #expect(waited < .seconds(3 + 5), "\(waited)")

        // --watch says so once and keeps going; once the lock is gone the note reaches the hub.
        let errors = try ChildPipe()
        let watcher = try ChildProcess(MarginProcess.marginPath, ["sync", "--watch", "--interval", "1"], environment: alice.environment,
                                       errors: errors.write)
        try errors.write.close()
        defer { watcher.send(SIGKILL) }
        // A round gives up on the held lock and says so; the next one is waiting for it again.
        let errorsRead = errors.read
        let said = await within(.seconds(60)) { await Self.firstLine(errorsRead) } ?? nil
        #expect(said?.contains("kept margin waiting 3 s for a lock another session holds (sync.timeout)") == true, "\(said ?? "nothing said")")
        try await Self.until(server, "EXISTS (SELECT 1 FROM pg_locks WHERE relation = 'margin.account'::regclass AND NOT granted)",
                             database: "shared")
        #expect(watcher.isRunning)
        lock.send(SIGKILL)
        try stdin.write.close()
        let arrived = (try? await waitUntil("the note reaching the hub", within: .seconds(30), every: .milliseconds(500)) {
            try await server.psql("SELECT count(*) FROM margin.note", database: "shared").stdout == "2"
        }) != nil
        #expect(arrived, "the note reached the hub once the lock was released")
        #expect(watcher.isRunning)
    }

    @Test("an advisory lock held by another session during a first sync's setup: exit 7 within the timeout")
    func advisoryLock() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "alice-pw-6", database: "notes")
        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: ["PATH": "/usr/bin:/bin"])
        let key = try #require(setup.stdout.firstMatch(of: /pg_advisory_xact_lock\((\d+)\)/).map { String($0.1) })
        let (lock, stdin) = try Self.holding(server, "SELECT pg_advisory_lock(\(key));", database: "notes", user: "alice", password: "alice-pw-6")
        defer { lock.send(SIGKILL); try? stdin.write.close() }
        try await Self.until(server, "EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted)", database: "notes")
        let alice = try SyncMachine(hub: server.url(user: "alice", password: "alice-pw-6", database: "notes"))
        defer { alice.remove() }
        #expect(try await alice.margin("config", "set", "sync.timeout", "2").status == 0)
        let started = ContinuousClock.now
        let blocked = try await alice.margin("sync")
        #expect(blocked.status == 7, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("for a lock another session holds"), "\(blocked.stderr)")
        #expect(ContinuousClock.now - started < .seconds(2 + 5))
    }

    @Test("a server that accepts and never answers: exit 7 within the timeout, naming the wait")
    func silentServer() async throws {
        // Listens, accepts, reads, and never says a word.
        let script = """
            import socket, sys, time
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
            print(s.getsockname()[1], flush=True)
            held = []
            while True:
                c, _ = s.accept(); held.append(c)
            """
        let output = try ChildPipe()
        let silent = try ChildProcess("/usr/bin/env", ["python3", "-c", script], environment: ["PATH": "/usr/bin:/bin"], output: output.write)
        try output.write.close()
        defer { silent.send(SIGKILL) }
        let port = try #require(await Self.firstLine(output.read).flatMap { Int($0) })
        let machine = try SyncMachine(hub: "postgres://alice:pw-7@127.0.0.1:\(port)/notes?sslmode=disable")
        defer { machine.remove() }
        #expect(try await machine.margin("config", "set", "sync.timeout", "2").status == 0)
        let started = ContinuousClock.now
        let stalled = try await machine.margin("sync")
        #expect(stalled.status == 7, "\(stalled.stderr)")
        #expect(stalled.stderr.contains("(no answer within 2 s, sync.timeout)") || stalled.stderr.contains("kept margin waiting 2 s for the server to answer the login"),
                "\(stalled.stderr)")
        #expect(!stalled.stderr.contains("pw-7"))
        #expect(ContinuousClock.now - started < .seconds(2 + 5 + 3))
    }

    @Test("two syncs of one store at once: the second waits for the first, nothing is pushed or counted twice; one held past the timeout is exit 7")
    func oneSyncAtATime() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "lock-pw-3", database: "notes")
        let machine = try SyncMachine(hub: server.url(user: "alice", password: "lock-pw-3", database: "notes"))
        defer { machine.remove() }
        try await machine.importNotes(SyncMachine.sampleNotes(300, prefix: "twice"))
        async let first = machine.margin("sync", "--json")
        async let second = machine.margin("sync", "--json")
        let reports = try await [first, second].map { result in
            #expect(result.status == 0, "\(result.stderr)")
            return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        }
        #expect(reports.compactMap { $0["pushed"] as? Int }.sorted() == [0, 300], "\(reports)")
        #expect(try await server.psql("SELECT count(*) FROM margin.note", database: "notes").stdout == "300")

        // A sync that never lets go (here, a process holding the lock), once it holds it.
        let output = try ChildPipe()
        let holder = try ChildProcess("/usr/bin/env", ["python3", "-c", """
            import fcntl, signal, sys
            f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX); print("held", flush=True); signal.pause()
            """, machine.root + "/data/margin/notes.sqlite.sync-lock"], environment: ["PATH": "/usr/bin:/bin"], output: output.write)
        try output.write.close()
        defer { holder.send(SIGKILL) }
        try #require(await Self.firstLine(output.read) == "held")
        #expect(try await machine.margin("config", "set", "sync.timeout", "1").status == 0)
        let busy = try await machine.margin("sync")
        #expect(busy.status == 7, "\(busy.stderr)")
        #expect(busy.stderr.contains("another margin sync of"), "\(busy.stderr)")
    }

    @Test("a sync lock that cannot be opened stops the sync with the lock's path, before the hub is tried")
    func lockUnopenable() async throws {
        let machine = try SyncMachine(hub: "postgres://alice:lock-pw-4@127.0.0.1:9/notes")
        defer { machine.remove() }
        try await machine.importNotes(SyncMachine.sampleNotes(3, prefix: "nolock"))
        let lock = machine.root + "/data/margin/notes.sqlite.sync-lock"
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: true)
        let result = try await machine.margin("sync")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("margin: cannot open the sync lock '\(lock)'"), "\(result.stderr)")
        #expect(!result.stderr.contains("lock-pw-4"))
    }

    static func firstLine(_ handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            Thread {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    guard let byte = chunk.first, byte != 0x0A else { break }
                    bytes.append(byte)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
    }
}
