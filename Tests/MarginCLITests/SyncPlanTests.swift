import Foundation
import Testing

/// How the hub's PostgreSQL plans a sync's reads when it has no statistics for margin's tables:
/// a hub just written, before autovacuum comes by, or one whose owner is not the syncing role
/// (only a table's owner may ANALYZE it). Every statement's plan is logged by `auto_explain`.
@Suite("sync: the hub's plans without statistics", .serialized)
struct SyncPlanTests {
    /// The plans `auto_explain` logged after byte `offset` of the server's log, each with its
    /// query text.
    static func plans(in server: PostgresServer, after offset: Int) throws -> [String] {
        let log = try String(contentsOfFile: server.directory + "/log", encoding: .utf8)
        return Array(log.utf8.dropFirst(offset)).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
            .reduce(into: [String]()) { plans, line in
                if line.contains("plan:") {
                    plans.append("")
                } else if line.hasPrefix("\t"), !plans.isEmpty {
                    plans[plans.count - 1] += line + "\n"
                }
            }
    }

    @Test("statistics deleted after a push: the pull still reads each page in counter order from note_by_seq, not every row and a sort")
    func pullPagesWithoutStatistics() async throws {
        let server = try await PostgresServer.start(settings: [
            "session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "autovacuum = off",
        ])
        let (_, a, b) = try await SyncMachine.pair(on: server, password: "alice-pw-5c2d")
        defer {
            server.stop()
            [a, b].forEach { $0.remove() }
        }
        try await a.importNotes(SyncMachine.sampleNotes(3000, prefix: "A"))
        #expect(try await a.sync()["pushed"] == 3000)
        // As if never analyzed: no column statistics, no row count.
        let forget = try await server.psql("""
            DELETE FROM pg_statistic WHERE starelid IN ('margin.note'::regclass, 'margin.note_version'::regclass);
            UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid IN ('margin.note'::regclass, 'margin.note_version'::regclass);
            """, database: "notes")
        #expect(forget.status == 0, "\(forget.stderr)")
        let offset = try FileManager.default.attributesOfItem(atPath: server.directory + "/log")[.size] as? Int ?? 0

        #expect(try await b.sync()["pulled"] == 3000)
        #expect(try await b.export() == a.export())
        let pages = try Self.plans(in: server, after: offset).filter { $0.contains("FROM margin.note\n") && $0.contains("ORDER BY seq") }
        #expect(!pages.isEmpty, "no page of notes in the server's log")
        for plan in pages {
            #expect(plan.contains("Index Scan using note_by_seq"), "\(plan)")
            #expect(!plan.contains("Sort") && !plan.contains("Bitmap"), "\(plan)")
        }
    }
}
