import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("The store's integrity check")
struct IntegrityTests {
    @Test("a sound store has no problems; a broken tag time, a missing trigger and a stale search index each show")
    func findsEachProblem() throws {
        let path = try temporaryDirectory() + "/notes.db"
        let store = try NoteDatabase(path: path)
        try store.insert(note("the bit about cache stampedes", tags: ["caching"], pin: episodePin()))
        #expect(try integrityProblems(store) == [])

        try store.writer.write { try $0.execute(sql: "UPDATE note_tag SET created_at = '2020-01-01T00:00:00.000Z'") }
        #expect(try integrityProblems(store) == ["1 tag rows with another time than their note"])

        try store.writer.write { db in
            try db.execute(sql: "UPDATE note_tag SET created_at = (SELECT created_at FROM note WHERE note.seq = note_tag.note_seq)")
            try db.execute(sql: "DROP TRIGGER sync_tag_delete")
        }
        #expect(try integrityProblems(store) == ["missing sync_tag_delete"])

        try store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER __note_ft_au")
            try db.execute(sql: "UPDATE note SET text = 'something else entirely'")
        }
        let problems = try integrityProblems(store)
        #expect(problems.contains("the search index disagrees with the notes"), "\(problems)")
    }
}
