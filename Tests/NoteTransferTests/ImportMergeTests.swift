import Foundation
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Import merges by id and updated_at")
struct ImportMergeTests {
    static let original = Note(
        id: ExportFixtures.id(7), text: "first draft", tags: ["a"], createdAt: moment(), pin: episodePin())

    /// A store holding ``original``.
    func store() throws -> NoteDatabase {
        let store = try ExportFixtures.emptyStore()
        try store.insert(Self.original)
        return store
    }

    /// ``original`` edited: new text, tags and pin, `updated_at` moved by `seconds`.
    func edited(by seconds: Double, text: String = "second draft") -> Note {
        var note = Self.original
        note.text = text
        note.tags = ["b", "c"]
        note.pin = nil
        note.updatedAt = moment(seconds)
        return note
    }

    func jsonl(_ notes: [Note]) -> Data {
        Data(notes.map { NoteEncoding.object($0) + "\n" }.joined().utf8)
    }

    @Test("a newer updated_at replaces everything, keeping the imported timestamps")
    func newerUpdates() throws {
        let store = try store()
        let newer = edited(by: 60)
        #expect(try store.importNotes(from: jsonl([newer])) == ImportCounts(updated: 1))
        #expect(try store.note(id: newer.id) == newer)
        #expect(try store.notes(NoteFilter(tag: "a")).isEmpty)
        #expect(try store.search("second").map(\.note.id) == [newer.id])
        #expect(try store.search("first").isEmpty)
    }

    @Test("an older or equal updated_at that says something else keeps the stored note, counted as a conflict")
    func olderKept() throws {
        let store = try store()
        let id = Self.original.id
        #expect(try store.importNotes(from: jsonl([edited(by: -60)])) == ImportCounts(conflicts: 1, conflictIDs: [id]))
        #expect(try store.importNotes(from: jsonl([edited(by: 0)])) == ImportCounts(conflicts: 1, conflictIDs: [id]))
        #expect(try store.note(id: id) == Self.original)
    }

    @Test("a record equal to the stored note but for an older updated_at is unchanged, not a conflict")
    func sameContentOlderIsUnchanged() throws {
        let store = try store()
        var same = Self.original
        same.updatedAt = Self.original.updatedAt.addingTimeInterval(-60)
        #expect(try store.importNotes(from: jsonl([same])) == ImportCounts(unchanged: 1))
    }

    @Test("any one differing field of an older record is a conflict: text, tags, pin, position or creation time")
    func eachFieldConflicts() throws {
        let store = try store()
        var variants: [Note] = []
        var tags = Self.original; tags.tags = ["zzz"]; variants.append(tags)
        var moreTags = Self.original; moreTags.tags += ["zzz"]; variants.append(moreTags)
        var noTags = Self.original; noTags.tags = []; variants.append(noTags)
        var unpinned = Self.original; unpinned.pin = nil; variants.append(unpinned)
        var moved = Self.original; moved.pin?.progressMs += 1000; variants.append(moved)
        var renamed = Self.original; renamed.pin?.itemName = "another name"; variants.append(renamed)
        var created = Self.original; created.createdAt = created.createdAt.addingTimeInterval(-1); variants.append(created)
        var text = Self.original; text.text += " "; variants.append(text)
        for variant in variants {
            #expect(try store.importNotes(from: jsonl([variant])).conflicts == 1)
        }
        #expect(try store.note(id: Self.original.id) == Self.original)
    }

    @Test("an id repeated in one file: the later record wins only when it is newer")
    func repeatedIDs() throws {
        let fresh = try ExportFixtures.emptyStore()
        let older = edited(by: 10, text: "older")
        let newer = edited(by: 20, text: "newer")
        #expect(try fresh.importNotes(from: jsonl([older, newer])) == ImportCounts(added: 1, updated: 1))
        #expect(try fresh.note(id: older.id).text == "newer")
        let other = try ExportFixtures.emptyStore()
        #expect(try other.importNotes(from: jsonl([newer, older])) == ImportCounts(added: 1, conflicts: 1, conflictIDs: [older.id]))
        #expect(try other.note(id: older.id).text == "newer")
    }

    @Test("new, newer, unchanged and conflicting records are counted apart, and counts encode as JSON")
    func counts() throws {
        let store = try store()
        let added = Note(id: ExportFixtures.id(8), text: "brand new", createdAt: moment(5))
        let counts = try store.importNotes(from: jsonl([added, edited(by: 99), added, edited(by: -1000, text: "stale draft")]))
        #expect(counts == ImportCounts(added: 1, updated: 1, unchanged: 1, conflicts: 1, conflictIDs: [Self.original.id]))
        let json = try JSONEncoder().encode(counts)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Int]
        #expect(object == ["added": 1, "updated": 1, "unchanged": 1, "conflicts": 1])
    }

    @Test("a store failure rolls back the whole import")
    func storeFailure() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        try store.insert(Self.original)
        // A trigger that refuses one note stands in for a disk that fills up mid-import.
        try store.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON note WHEN NEW.text = 'poison'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let notes = [
            Note(id: ExportFixtures.id(20), text: "fine", createdAt: moment(1)), edited(by: 50),
            Note(id: ExportFixtures.id(21), text: "poison", createdAt: moment(2)),
        ]
        #expect {
            try store.importNotes(from: jsonl(notes))
        } throws: { error in
            if case .store = error as? ImportError { true } else { false }
        }
        #expect(try store.notes() == [Self.original])
    }
}
