import Foundation
import TestSupport
import Testing

/// The hub over TLS, and syncing in the background of a long-running command.
@Suite("sync: TLS and background syncing", .serialized)
struct SyncTLSTests {
    /// A CA and a certificate for 127.0.0.1 signed by it, made with openssl; the folder is the
    /// server's to read.
    static func certificates() async throws -> String {
        let directory = try temporaryDirectory("margin-rel")
        let steps = [
            "openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj /CN=margin-test-ca",
            "openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1",
            "printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext",
            "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.ext",
            "chmod 600 server.key",
            "if [ \"$(id -u)\" = 0 ]; then chown postgres server.key server.pem; chmod 755 .; fi",
        ]
        let made = try await Reliability.runProgram("/bin/sh", ["-c", "cd \"$0\" && " + steps.joined(separator: " && "), directory],
                                                    environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        guard made.status == 0 else { throw ProcessTimeout(arguments: ["openssl failed: \(made.stderr)"]) }
        return directory
    }

    @Test("over TLS the certificate is verified: trusted through sslrootcert or SSL_CERT_FILE, refused otherwise")
    func verifiedTLS() async throws {
        let certificates = try await Self.certificates()
        defer { try? FileManager.default.removeItem(atPath: certificates) }
        let server = try await PostgresServer.start(settings: [
            "ssl = on", "ssl_cert_file = '\(certificates)/server.pem'", "ssl_key_file = '\(certificates)/server.key'",
        ])
        defer { server.stop() }
        try await server.createUser("alice", password: "tls-pw-5d", database: "notes")
        // Only encrypted connections are let in: a sync that works went over TLS.
        let hba = server.dataDirectory + "/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try Data(("hostnossl all all 0.0.0.0/0 reject\n" + rules).utf8).write(to: URL(fileURLWithPath: hba))
        #expect(try await server.psql("SELECT pg_reload_conf()").status == 0)

        let base = "postgres://alice:tls-pw-5d@127.0.0.1:\(server.port)/notes"
        let machine = try SyncMachine(hub: base + "?sslmode=verify-full&sslrootcert=\(certificates)/ca.pem")
        defer { machine.remove() }
        #expect(try await machine.margin("note", "over TLS").status == 0)
        #expect(try await machine.sync() == ["pushed": 1, "pulled": 0, "conflicts": 0])

        let untrusted = try await machine.margin("sync", env: ["MARGIN_SYNC_URL": base + "?sslmode=verify-full"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("cannot connect securely to the sync hub alice@127.0.0.1"))
        #expect(untrusted.stderr.contains("sslrootcert"))
        #expect(!untrusted.output.contains("tls-pw-5d"))

        let throughEnvironment = try await machine.margin(
            "sync", "--json", env: ["MARGIN_SYNC_URL": base + "?sslmode=require", "SSL_CERT_FILE": certificates + "/ca.pem"])
        #expect(throughEnvironment.status == 0, "\(throughEnvironment.stderr)")

        // libpq reads one file of CAs: SSL_CERT_DIR's certificates are gathered into one for it.
        let directory = try temporaryDirectory("margin-roots")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: certificates + "/ca.pem", toPath: directory + "/ca.pem")
        let throughDirectory = try await machine.margin(
            "sync", "--json", env: ["MARGIN_SYNC_URL": base + "?sslmode=verify-full", "SSL_CERT_DIR": directory])
        #expect(throughDirectory.status == 0, "\(throughDirectory.stderr)")

        let plain = try await machine.margin("sync", env: ["MARGIN_SYNC_URL": base + "?sslmode=disable"])
        #expect(plain.status == 1 && plain.stderr.contains("refused the login"))
    }

    @Test("sync --watch brings another machine's note without being run again")
    func watchPulls() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "watch-pw-2b", database: "notes")
        let url = server.url(user: "alice", password: "watch-pw-2b", database: "notes")
        let (a, b) = (try SyncMachine(hub: url), try SyncMachine(hub: url))
        defer { a.remove(); b.remove() }
        let watcher = try Self.start(["sync", "--watch", "--interval", "1"], environment: a.environment)
        defer { watcher.send(SIGKILL) }
        #expect(try await b.margin("note", "seen by the watcher").status == 0)
        _ = try await b.sync()
        #expect(try await Self.eventually { try await a.export().contains("seen by the watcher") })
    }

    @Test("sync.auto: watch syncs in the background")
    func watchAutoSync() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "auto-pw-8e", database: "notes")
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.login().status == 0)
            #expect(try await sandbox.margin("note", "taken before watch", "--tag", "auto").status == 0)
            let url = server.url(user: "alice", password: nil, database: "notes")
            #expect(try await sandbox.margin("config", "set", "sync.url", url).status == 0)
            #expect(try await sandbox.margin("config", "set", "sync.auto", "true").status == 0)
            let watch = try Self.start(["watch"], environment: sandbox.environment(["PGPASSWORD": "auto-pw-8e"]))
            defer { watch.send(SIGKILL) }
            #expect(try await Self.eventually {
                try await server.psql("SELECT count(*) FROM margin.note", database: "notes").stdout == "1"
            })
            let other = try SyncMachine(hub: server.url(user: "alice", password: "auto-pw-8e", database: "notes"))
            defer { other.remove() }
            #expect(try await other.sync()["pulled"] == 1)
            #expect(try await other.export().contains("taken before watch"))
        }
    }

    @Test("sync.auto on a terminal: a note another machine pushes shows in the view's margin without a key press")
    func watchShowsArrivals() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "arrive-pw-3", database: "notes")
        try await using(try await Sandbox.loggedIn()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "sync.url", server.url(user: "alice", password: nil, database: "notes")).status == 0)
            #expect(try await sandbox.margin("config", "set", "sync.auto", "true").status == 0)
            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(["PGPASSWORD": "arrive-pw-3"]), in: sandbox.root)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) }
            // Listening once its connection's last statement is the LISTEN.
            #expect(try await Self.eventually {
                try await server.psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'", database: "notes").stdout == "1"
            })
            // The other machine's note, pinned to the episode the view shows.
            let other = try SyncMachine(hub: server.url(user: "alice", password: "arrive-pw-3", database: "notes"))
            defer { other.remove() }
            let id = UUID().uuidString.lowercased()
            try await other.importNotes(["""
                {"id":"\(id)","text":"arrived from the laptop","tags":[],"created_at":"2026-11-21T09:15:02.123Z","updated_at":"2026-11-21T09:15:02.123Z","pinned":true,"item_type":"episode","item_id":"512ojhOuo1ktJprKbVcKyQ","item_uri":"spotify:episode:512ojhOuo1ktJprKbVcKyQ","item_name":null,"show_id":null,"show_name":null,"progress_ms":750000,"duration_ms":null,"position":null,"link":null}
                """])
            _ = try await other.sync()
            // Through the hub's notification, well before the 60 s interval's own sync.
            try await tmux.waitForScreen(timeout: .seconds(25)) { $0.contains("arrived from the laptop") }
        }
    }

    /// Starts margin in the background, its output discarded.
    static func start(_ arguments: [String], environment: [String: String]) throws -> ChildProcess {
        try ChildProcess(MarginProcess.marginPath, arguments, environment: environment)
    }

    /// True once `condition` holds, trying for up to 30 s.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        (try? await waitUntil("the condition", within: .seconds(30), every: .milliseconds(500)) { try await condition() }) != nil
    }
}
