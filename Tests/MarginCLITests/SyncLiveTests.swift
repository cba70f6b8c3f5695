import Foundation
import TestSupport
import Testing

/// `margin sync --watch` listens on the hub: a note pushed by one machine reaches another
/// watching machine within moments, long before its interval.
@Suite("sync: live, through LISTEN/NOTIFY", .serialized)
struct SyncLiveTests {
    @Test("with --interval 60, each of 5 notes pushed by one machine is in the watching machine's store within moments, not the interval")
    func live() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "live-pw-4")
        defer { a.remove(); b.remove() }
        #expect(try await a.margin("note", "before watching").status == 0)
        _ = try await a.sync()
        let watcher = try ChildProcess(MarginProcess.marginPath, ["sync", "--watch", "--interval", "60"], environment: b.environment)
        defer { watcher.send(SIGKILL) }
        // Listening once its connection's last statement is the LISTEN.
        try await waitUntil("the watching machine listening on the hub") {
            try await server.psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'", database: "notes").stdout == "1"
        }
        var latencies: [Duration] = []
        for index in 0..<5 {
            let text = "live note \(index)"
            #expect(try await a.margin("note", text).status == 0)
            _ = try await a.sync()
            let pushed = ContinuousClock.now
            // Far below the interval, with room for a loaded machine (bench/sync.sh times it).
            let arrived = (try? await waitUntil("\(text) arriving", within: .seconds(15)) { try await b.export().contains(text) }) != nil
            #expect(arrived, "\(text) reached the watching machine within 15 s, its interval being 60 s")
            latencies.append(ContinuousClock.now - pushed)
        }
        print("sync live: push to the other machine's store (poll included): \(latencies)")
        #expect(watcher.isRunning)
    }
}
