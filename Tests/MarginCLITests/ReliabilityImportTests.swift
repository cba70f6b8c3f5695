import Foundation
import TestSupport
import Testing

@Suite("reliability: commands during a bulk import")
struct ReliabilityImportTests {
    @Test("list and note run while a bulk import holds the store, and all succeed without lock errors")
    func commandsDuringImport() async throws {
        let store = try OfflineStore()
        defer { store.remove() }
        let count = 40_000
        let export = store.root + "/export.jsonl"
        try await Reliability.offPool { try ReliabilityCrashTests.writeExport(count: count, to: export) }
        try #require(try await store.run("note", "before the import").status == 0)

        let importing = try ReliabilityCrashTests.startImport(file: export, env: store.env)
        // The bulk import writes through a rollback journal: wait until it is writing.
        try? await waitUntil("the import writing", every: .milliseconds(2)) {
            !importing.isRunning || FileManager.default.fileExists(atPath: store.db + "-journal")
        }
        let caughtWriting = importing.isRunning
        async let listed = store.run("list", "--json", "--limit", "5")
        async let noted = store.run("note", "during the import")
        let (list, note) = try await (listed, noted)
        let imported = await importing.exit()

        #expect(caughtWriting, "the import finished before the other commands started")
        #expect(imported.status == 0)
        for (name, result) in [("list", list), ("note", note)] {
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(!result.stderr.lowercased().contains("locked"), "\(name): \(result.stderr)")
        }
        #expect(try await Reliability.sqlite(store.db, "SELECT count(*) FROM note") == "\(count + 2)")
        #expect(try await Reliability.sqlite(store.db, "SELECT count(*) FROM note WHERE text = 'during the import'") == "1")
        #expect(try await Reliability.sqlite(store.db, "PRAGMA integrity_check") == "ok")
        // Whichever process touched the file last, it is back in WAL mode once a command opens it alone.
        #expect(try await store.run("list", "--limit", "1").status == 0)
        #expect(try await Reliability.sqlite(store.db, "PRAGMA journal_mode") == "wal")
    }
}
