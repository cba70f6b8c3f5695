import Foundation
import TestSupport
import Testing

/// The hub's end of the connection killed (`pg_terminate_backend`) at random moments of pushes
/// and pulls: margin ends 0 (it finished first) or 7 (the hub went away), never by a signal,
/// and the machines converge afterwards.
@Suite("reliability: a hub connection killed mid-sync")
struct ReliabilitySyncKillTests {
    @Test("60 backend kills at random moments of a push or a pull: every run exits 0 or 7, none by a signal")
    func killedBackends() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        try await server.createUser("alice", password: "kill-pw-2", database: "notes")
        let url = server.url(user: "alice", password: "kill-pw-2", database: "notes")
        let source = try SyncMachine(hub: url)
        defer { source.remove() }
        try await source.importNotes(SyncMachine.sampleNotes(4000, prefix: "kill"))
        // How long a whole pull and a one-note push take here: the kills land within that.
        _ = try await source.sync()
        func milliseconds(_ body: () async throws -> Void) async rethrows -> Int {
            let started = ContinuousClock.now
            try await body()
            let took = ContinuousClock.now - started
            return max(Int(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000), 20)
        }
        let probe = try SyncMachine(hub: url)
        defer { probe.remove() }
        let pullTakes = try await milliseconds { _ = try await probe.sync() }
        _ = try await source.margin("note", "probe edit")
        let pushTakes = try await milliseconds { _ = try await source.sync() }
        var outcomes: [String: Int] = [:]
        for round in 0..<60 {
            // Even rounds pull everything into a new machine; odd rounds push edits from the source.
            let machine = round % 2 == 0 ? try SyncMachine(hub: url) : source
            defer { if round % 2 == 0 { machine.remove() } }
            if round % 2 == 1 {
                _ = try await source.margin("note", "edit round \(round)")
            }
            let sync = try ChildProcess(MarginProcess.marginPath, ["sync"], environment: machine.environment)
            // The moment the hub drops the connection is the input: any instant of the sync.
            try await randomMoment(upTo: .milliseconds(round % 2 == 0 ? pullTakes : pushTakes))
            _ = try await server.psql("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = 'notes' AND application_name = 'margin' AND pid <> pg_backend_pid()
                """)
            let exit = try #require(await sync.exit(within: .seconds(60)), "round \(round): margin sync did not end")
            #expect(exit.signal == nil, "round \(round): margin sync died of signal \(exit.signal ?? 0)")
            #expect(exit.status == 0 || exit.status == 7, "round \(round): exit \(exit.status)")
            outcomes["\(round % 2 == 0 ? "pull" : "push") exit \(exit.status)", default: 0] += 1
        }
        print("reliability: sync runs with the backend killed: \(outcomes)")
        // Afterwards a sync works, and a new machine gets every note.
        #expect(try await source.margin("sync").status == 0)
        let fresh = try SyncMachine(hub: url)
        defer { fresh.remove() }
        _ = try await fresh.sync()
        #expect(try await fresh.export() == (try await source.export()))
    }
}
