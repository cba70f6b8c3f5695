import Foundation
import GRDB
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Migrating a v5 store to v6: an episode's index carries the show")
struct MigrationV6Tests {
    static let (episode, show, otherShow) = ("512ojhOuo1ktJprKbVcKyQ", "5CfCWKI5pZ28U0uOzXkDHe", "2mTUnDkuKUkhiueKcVWoP0")

    static let notes = [
        note("second", id: "b0000000-0000-4000-8000-000000000000", tags: ["idea"], at: 20, pin: episodePin(episode, at: 5000, show: show)),
        note("first", id: "a0000000-0000-4000-8000-000000000000", at: 10, pin: episodePin(episode, at: 1000, show: show)),
        note("elsewhere", id: "c0000000-0000-4000-8000-000000000000", at: 30, pin: episodePin("7makk4oTQel546B0PZlDM5", at: 1000, show: otherShow)),
        note("unpinned", id: "d0000000-0000-4000-8000-000000000000", at: 40),
    ]

    @Test("v6 rebuilds note_on_item with the show at its end and keeps every note")
    func rebuildsIndex() throws {
        let store = try NoteDatabase(path: try storeFile(at: "v5", holding: Self.notes))
        #expect(try store.writer.read(NoteDatabase.migrator.appliedMigrations) == NoteStore.migrations)
        let columns = try store.writer.read { db in
            try db.indexes(on: "note").first { $0.name == "note_on_item" }?.columns
        }
        #expect(columns == ["item_id", "progress_ms", "created_at", "show_id"])
        for original in Self.notes {
            #expect(try store.note(id: original.id) == original)
        }
        #expect(try store.notes(NoteFilter(itemID: Self.episode)).map(\.text) == ["first", "second"])
        #expect(try store.notes(NoteFilter(itemID: Self.episode, showID: Self.show, limit: 20)).map(\.text) == ["first", "second"])
        #expect(try store.notes(NoteFilter(itemID: Self.episode, showID: Self.otherShow, limit: 20)).isEmpty)
        #expect(try integrityProblems(store) == [])
    }

    /// The listing of an episode within a show tests the show on the index entry and reads the
    /// note's row only for a match. In the program, after SQLite's `DeferredSeek` (which
    /// postpones reading the row), the first column read, the show for the test, comes from
    /// the index's cursor, not the table's.
    @Test("an episode and a show are tested on the index before any note row is read")
    func testsShowOnIndex() throws {
        let store = try NoteDatabase(path: try storeFile(at: "v5", holding: Self.notes))
        let filter = NoteFilter(itemID: Self.episode, showID: Self.otherShow, limit: 20)
        let query = filter.query(selecting: Note.selection, driver: .item)
        let program = try store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN " + query.sql, arguments: query.arguments)
                .map { (opcode: $0["opcode"] as String, p1: $0["p1"] as Int) }
        }
        let seek = try #require(program.firstIndex { $0.opcode == "DeferredSeek" }, "\(program)")
        let read = try #require(program[seek...].first { $0.opcode == "Column" }, "\(program)")
        #expect(read.p1 == program[seek].p1, "\(program)")
    }
}
