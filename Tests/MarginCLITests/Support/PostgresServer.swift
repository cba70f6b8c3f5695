import Foundation
import TestSupport

/// A throwaway PostgreSQL cluster from Debian's packages, private to a test: `initdb` into a
/// temporary folder, `pg_ctl` on a free port of 127.0.0.1, passwords checked (scram-sha-256).
///
/// `initdb` refuses to run as root, so under root (CI) every server program runs as the
/// `postgres` user through `runuser`. `pg_ctl` leaves the server as a daemon, so the test
/// process never owns a long-lived child.
struct PostgresServer {
    let directory: String
    let port: Int
    let binaries: String
    /// The superuser's password (the superuser is `postgres`).
    static let adminPassword = "admin-pw-3e1b"

    var dataDirectory: String { directory + "/data" }

    /// `postgres://USER:PASSWORD@127.0.0.1:PORT/DATABASE?sslmode=disable`.
    func url(user: String, password: String?, database: String, query: String = "sslmode=disable") -> String {
        "postgres://\(user)\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/\(database)?\(query)"
    }

    /// Creates and starts a cluster; `settings` go to `postgresql.conf`.
    static func start(settings: [String] = []) async throws -> PostgresServer {
        guard let binaries = binaryDirectory() else {
            throw ProcessTimeout(arguments: ["PostgreSQL's server is not installed (apt-get install postgresql)"])
        }
        let directory = try temporaryDirectory("margin-pg")
        try Data(adminPassword.utf8).write(to: URL(fileURLWithPath: directory + "/pw"))
        if getuid() == 0 { _ = try await Reliability.runProgram("/bin/chown", ["-R", "postgres", directory], environment: [:]) }
        let server = PostgresServer(directory: directory, port: 0, binaries: binaries)
        do {
            return try await server.create(settings: settings)
        } catch {
            server.stop()
            throw error
        }
    }

    /// initdb, then start on a free port (another process may take the port first: a few tries).
    private func create(settings: [String]) async throws -> PostgresServer {
        let initdb = try await asOwner("initdb", ["-D", dataDirectory, "-U", "postgres", "-A", "scram-sha-256",
                                                  "--pwfile", directory + "/pw", "--no-sync", "-E", "UTF8", "--locale=C"])
        guard initdb.status == 0 else { throw ProcessTimeout(arguments: ["initdb failed: \(initdb.stderr)"]) }
        let conf = (["fsync = off", "listen_addresses = '127.0.0.1'", "unix_socket_directories = '\(directory)'"] + settings)
            .joined(separator: "\n") + "\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dataDirectory + "/postgresql.conf"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(conf.utf8))
        try handle.close()
        for _ in 0..<5 {
            let started = PostgresServer(directory: directory, port: Self.freePort(), binaries: binaries)
            if try await started.startServer() { return started }
        }
        throw ProcessTimeout(arguments: ["PostgreSQL did not start: \((try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "")"])
    }

    /// Starts the stopped server again on its port; true once it accepts connections.
    @discardableResult
    func startServer() async throws -> Bool {
        let result = try await asOwner("pg_ctl", ["-D", dataDirectory, "-l", directory + "/log", "-w", "-t", "60",
                                                  "-o", "-p \(port)", "start"])
        return result.status == 0
    }

    /// Stops the server at once, as a crash or a pulled cable would look to a client.
    func stopServer() async throws {
        _ = try await asOwner("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
    }

    /// Stops the server and removes its files.
    func stop() {
        let pidFile = dataDirectory + "/postmaster.pid"
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
           let pid = Int32(text.split(separator: "\n").first ?? "") {
            kill(pid, SIGQUIT)
            _ = processEnds(pid, within: .seconds(4))
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs SQL through psql as `user` (the superuser by default) on `database`; stdout,
    /// unaligned, tuples only. Fails the test's expectation through the status it returns.
    func psql(_ sql: String, database: String = "postgres", user: String = "postgres", password: String = adminPassword)
        async throws -> (status: Int32, stdout: String, stderr: String)
    {
        let result = try await Reliability.runProgram(
            binaries + "/psql",
            ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database, "-c", sql],
            environment: ["PGPASSWORD": password, "PATH": "/usr/bin:/bin"])
        return (result.status, String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                result.stderr)
    }

    /// Creates a login role and a database it owns.
    func createUser(_ user: String, password: String, database: String? = nil) async throws {
        let role = try await psql("CREATE ROLE \(user) LOGIN PASSWORD '\(password)'")
        guard role.status == 0 else { throw ProcessTimeout(arguments: ["CREATE ROLE failed: \(role.stderr)"]) }
        if let database {
            let created = try await psql("CREATE DATABASE \(database) OWNER \(user)")
            guard created.status == 0 else { throw ProcessTimeout(arguments: ["CREATE DATABASE failed: \(created.stderr)"]) }
        }
    }

    /// Runs a server program as the cluster's owner: `postgres` under root, else this user.
    private func asOwner(_ program: String, _ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let command = getuid() == 0
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", binaries + "/" + program] + arguments
            : [binaries + "/" + program] + arguments
        // The output goes to a file: a server that pg_ctl leaves running would otherwise hold
        // the pipes open, and reading them would never end.
        let output = directory + "/\(program).out"
        let status = try await Reliability.offPool {
            Self.spawnAndWait(["/bin/sh", "-c", #""$@" > "$0" 2>&1 < /dev/null"#, output] + command)
        }
        let result = (status: status, stdout: "", stderr: "")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (result.status, text, text)
    }

    /// Runs `argv` and waits for it with `waitpid`, on the calling thread.
    ///
    /// Not Foundation's `Process`: when `pg_ctl` leaves the server running behind it, Process
    /// never notices the shell that started it end (it stays a zombie), so the wait never ends.
    static func spawnAndWait(_ argv: [String]) -> Int32 {
        var pid = pid_t()
        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let variables: [String] = ["PATH=/usr/bin:/bin", "LC_ALL=C"]
        let environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        // Only stdin, stdout and stderr go on to the server: with every descriptor the test
        // process has open, it finds too few left and refuses to start. (A descriptor that
        // Process hands to a child is dup2'ed, which clears the flag on the copy.)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            guard let fd = Int32(name), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
        guard posix_spawn(&pid, argv[0], nil, nil, arguments, environment) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The newest `/usr/lib/postgresql/N/bin` with a server in it.
    static func binaryDirectory() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/postgres") }
    }

    /// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
