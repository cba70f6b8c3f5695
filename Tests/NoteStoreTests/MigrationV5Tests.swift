import Foundation
import GRDB
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Migrating a v4 store to v5: tag rows carry their note's time")
struct MigrationV5Tests {
    /// A file at the v4 schema holding `notes`, written with v4's own SQL.
    func v4Store(_ notes: [Note]) throws -> String {
        try storeFile(at: "v4", holding: notes)
    }

    // Inserted out of time order, so that `seq` order is not time order.
    static let notes = [
        note("middle", id: "b0000000-0000-4000-8000-000000000000", tags: ["idea", "todo"], at: 20, pin: episodePin(at: 5000)),
        note("newest", id: "c0000000-0000-4000-8000-000000000000", tags: ["idea"], at: 30),
        note("oldest", id: "a0000000-0000-4000-8000-000000000000", tags: ["idea"], at: 10, pin: episodePin(at: 1000)),
        note("untagged", id: "d0000000-0000-4000-8000-000000000000", at: 40),
    ]

    /// `note_tag` rows as (note id, tag, the row's time, the note's time).
    func tagRows(_ store: NoteDatabase) throws -> [[String]] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT note.id, note_tag.tag, note_tag.created_at, note.created_at
                FROM note_tag JOIN note ON note.seq = note_tag.note_seq ORDER BY note.id, note_tag.tag
                """).map { row in (0..<4).map { row[$0] as String } }
        }
    }

    @Test("v5 copies every tag's note time, and a tag lists newest first from its index")
    func copiesTimes() throws {
        let store = try NoteDatabase(path: try v4Store(Self.notes))
        #expect(try store.writer.read(NoteDatabase.migrator.appliedMigrations) == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"])
        let rows = try tagRows(store)
        #expect(rows.count == 4)
        for row in rows { #expect(row[2] == row[3]) }
        #expect(try store.notes(NoteFilter(tag: "idea")).map(\.text) == ["newest", "middle", "oldest"])
        #expect(try store.notes(NoteFilter(tag: "idea", since: moment(15))).map(\.text) == ["newest", "middle"])
        #expect(try store.notes(NoteFilter(tag: "idea", limit: 1)).map(\.text) == ["newest"])
        for original in Self.notes {
            #expect(try store.note(id: original.id) == original)
        }
        let columns = try store.writer.read { db in
            try db.indexes(on: "note_tag").first { $0.name == "note_tag_on_tag" }?.columns
        }
        #expect(columns == ["tag", "created_at"])
        #expect(try integrityProblems(store) == [])
    }

    @Test("after v5, a note whose time changes takes its tags along, by any writer")
    func timesFollowTheNote() throws {
        let store = try NoteDatabase(path: try v4Store(Self.notes))
        var moved = Self.notes[2]
        moved.createdAt = moment(50)
        try store.save(moved)
        #expect(try store.notes(NoteFilter(tag: "idea")).map(\.text) == ["oldest", "newest", "middle"])
        // A write that bypasses NoteStore: the trigger keeps the copy in step.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE note SET created_at = '2020-01-01T00:00:00.000Z' WHERE text = 'newest'")
        }
        #expect(try store.notes(NoteFilter(tag: "idea")).map(\.text) == ["oldest", "middle", "newest"])
        for row in try tagRows(store) { #expect(row[2] == row[3]) }
        try store.insert(note("added", tags: ["idea"], at: 60))
        #expect(try store.notes(NoteFilter(tag: "idea", limit: 1)).map(\.text) == ["added"])
        #expect(try integrityProblems(store) == [])
    }
}
