import Foundation
import TestSupport
import Testing

/// `margin sync` runs margin-sync in its own place: the password stays off every command line,
/// the signals that end `--watch` still end it, and a margin without its helper says how to get
/// it back.
@Suite("sync: margin-sync does the work")
struct SyncHelperTests {
    @Test("sync --watch is margin-sync in margin's place: no password on its command line, and Ctrl-C ends it")
    func inPlace() async throws {
        let secret = "Hq7-off-the-command-line"
        let port = PostgresServer.freePort()
        let machine = try SyncMachine(hub: "postgres://alice:\(secret)@127.0.0.1:\(port)/notes?sslmode=disable")
        defer { machine.remove() }
        let errors = try ChildPipe()
        let watcher = try ChildProcess(MarginProcess.marginPath, ["sync", "--watch", "--interval", "1"], environment: machine.environment,
                                       errors: errors.write)
        try errors.write.close()
        defer { watcher.send(SIGKILL) }
        let errorsRead = errors.read
        let said = await within(.seconds(60)) { await SyncWaitTests.firstLine(errorsRead) } ?? nil
        #expect(said?.hasPrefix("margin: cannot reach the sync hub alice@127.0.0.1:\(port)/notes") == true, "\(said ?? "nothing said")")
        // The same process, now margin-sync: what any user of the machine can read of it.
        let words = try #require(FileManager.default.contents(atPath: "/proc/\(watcher.pid)/cmdline"))
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(words.first?.hasSuffix("/margin-sync") == true, "\(words)")
        #expect(words.contains("--watch"), "\(words)")
        #expect(!words.joined(separator: " ").contains(secret), "\(words)")
        watcher.send(SIGINT)
        let ended = await watcher.exit(within: .seconds(60))
        #expect(ended?.signal == SIGINT, "\(String(describing: ended))")
    }

    @Test("a margin without margin-sync beside it says what is missing and how to get it back")
    func missingHelper() async throws {
        let machine = try SyncMachine(hub: "postgres://alice@127.0.0.1:\(PostgresServer.freePort())/notes?sslmode=disable")
        defer { machine.remove() }
        let alone = machine.root + "/bin/margin"
        try FileManager.default.createDirectory(atPath: machine.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: MarginProcess.marginPath, toPath: alone)
        for words in [["sync"], ["sync", "--print-setup-sql"]] {
            let result = try await MarginProcess.run(words, environment: machine.environment, executable: alone)
            #expect(result.status == 1, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("margin: cannot run margin-sync, which does 'margin sync' (\(machine.root)/bin/margin-sync, "),
                    "\(result.stderr)")
            #expect(result.stderr.contains("'make install' puts it in PREFIX/libexec/margin"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // Every other command works without it.
        #expect(try await MarginProcess.run(["list"], environment: machine.environment, executable: alone).status == 0)
    }

    @Test("a machine without PostgreSQL's client library: exit 1, saying which package brings it; the store untouched")
    func missingClientLibrary() async throws {
        let machine = try SyncMachine(hub: "postgres://alice:pw-9c@127.0.0.1:\(PostgresServer.freePort())/notes?sslmode=disable")
        defer { machine.remove() }
        #expect(try await machine.margin("note", "kept whatever the sync does").status == 0)
        // The loader finds this libpq.so.5 first, and it is no library.
        let libraries = machine.root + "/lib"
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: libraries + "/libpq.so.5"))
        let result = try await machine.margin("sync", env: ["LD_LIBRARY_PATH": libraries])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("margin: margin sync needs PostgreSQL's client library, and libpq.so.5 cannot be opened"), "\(result.stderr)")
        #expect(result.stderr.contains("apt install libpq5"), "\(result.stderr)")
        #expect(!result.stderr.contains("pw-9c"))
        #expect(try await machine.export().contains("kept whatever the sync does"))
    }
}
