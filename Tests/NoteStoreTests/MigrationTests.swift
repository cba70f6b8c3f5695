import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Migrating a store written by an earlier margin")
struct MigrationTests {
    /// A file at the v1 schema holding `notes`, written with v1's own SQL.
    func v1Store(_ notes: [Note]) throws -> String {
        try storeFile(at: "v1", holding: notes)
    }

    static let notes = [
        note("the bit about cache stampedes", tags: ["caching", "idea"], at: 0, pin: episodePin(at: 754_321)),
        note("naming things is hard", tags: ["quote"], at: 1, pin: episodePin(at: 12_000)),
        note("unpinned thought", at: 2),
        note("über café naïve", tags: ["idea"], at: 3, pin: episodePin("4uLU6hMCjMI75M1A2tKUQC", show: nil)),
    ]

    @Test("v4 respells stored tags that break the tag rule, so the store's export imports again")
    func v4RepairsTags() throws {
        let long = String(repeating: "x", count: 70)
        let legacy = note("legacy tags", tags: ["with space", "a;b", "ok", long, ",;"], at: 0)
        let store = try NoteDatabase(path: try v1Store([legacy]))
        #expect(try store.note(id: legacy.id).tags == ["a-b", "ok", "with-space", String(repeating: "x", count: 64)].sorted())
        var exported = Data()
        try store.export(NoteFilter(), format: .jsonl) { exported.append($0) }
        #expect(try NoteDatabase(path: temporaryDirectory() + "/notes.sqlite").importNotes(from: exported) == ImportCounts(added: 1))
    }

    @Test("a v1 file keeps its notes, tags and search index through the migration")
    func v1NotesSurvive() throws {
        let path = try v1Store(Self.notes)
        let store = try NoteDatabase(path: path)
        #expect(try store.writer.read(NoteDatabase.migrator.appliedMigrations) == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"])
        #expect(try store.count() == Self.notes.count)
        for original in Self.notes {
            #expect(try store.note(id: original.id) == original)
        }
        #expect(Set(try store.notes(NoteFilter(tag: "idea")).map(\.id)) == [Self.notes[0].id, Self.notes[3].id])
        #expect(try store.search("stampedes").map(\.note.id) == [Self.notes[0].id])
        #expect(try store.search("cafe").map(\.note.id) == [Self.notes[3].id])
        #expect(try store.notes(NoteFilter(itemID: "512ojhOuo1ktJprKbVcKyQ")).map(\.id) == [Self.notes[1].id, Self.notes[0].id])
        #expect(try store.resolve(prefix: String(Self.notes[2].id.prefix(13))) == Self.notes[2])
        #expect(try integrityProblems(store) == [])
    }

    @Test("after the migration, writes keep the index and tags in step")
    func writesAfterMigration() throws {
        let store = try NoteDatabase(path: try v1Store(Self.notes))
        var edited = Self.notes[0]
        edited.text = "rewritten entirely"
        edited.tags = ["later"]
        try store.update(edited)
        try store.delete(id: Self.notes[1].id)
        let added = note("a fresh note after upgrading", tags: ["new"], at: 9)
        try store.insert(added)
        #expect(try store.search("stampedes").isEmpty)
        #expect(try store.search("rewritten").map(\.note.id) == [edited.id])
        #expect(try store.search("upgrading").map(\.note.id) == [added.id])
        #expect(try store.notes(NoteFilter(tag: "caching")).isEmpty)
        #expect(try store.notes(NoteFilter(tag: "new")).map(\.id) == [added.id])
        #expect(try store.count() == 4)
        #expect(try integrityProblems(store) == [])
    }

    @Test("v3's shorter indexes still list ties by id, reading in index order")
    func tiesByID() throws {
        let store = try NoteDatabase.inMemory()
        let ids = ["c", "a", "d", "b"].map { String(repeating: $0, count: 8) + "-0000-4000-8000-000000000000" }
        // Same millisecond, same position: only the id tells them apart.
        for id in ids { try store.insert(note("tied \(id.prefix(1))", id: id, at: 0, pin: episodePin(at: 5000))) }
        try store.insert(note("older", at: -1, pin: episodePin(at: 5000)))
        let sorted = ids.sorted()
        #expect(try store.notes().map(\.id).prefix(4) == ArraySlice(sorted.reversed()))
        #expect(try store.notes(NoteFilter(itemID: "512ojhOuo1ktJprKbVcKyQ")).map(\.id).suffix(4) == ArraySlice(sorted))
        #expect(try store.notes(NoteFilter(showID: "5CfCWKI5pZ28U0uOzXkDHe")).map(\.id).prefix(4) == ArraySlice(sorted.reversed()))
        var jsonl = Data()
        try store.export(NoteFilter(), format: .jsonl) { jsonl.append($0) }
        let exported = String(decoding: jsonl, as: UTF8.self).split(separator: "\n").map { $0.dropFirst(7).prefix(36) }
        #expect(exported.suffix(4).map(String.init) == sorted)
        let plans = try store.writer.read { db in
            try [
                "SELECT * FROM note ORDER BY created_at DESC, id DESC LIMIT 20",
                "SELECT * FROM note WHERE item_id = 'x' ORDER BY progress_ms, created_at, id",
                "SELECT * FROM note WHERE show_id = 'x' ORDER BY created_at DESC, id DESC",
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        for plan in plans {
            #expect(plan.contains("USING INDEX note_on_"), "\(plan)")
            #expect(plan.contains("RIGHT PART OF ORDER BY"), "\(plan)")
        }
    }
}
