import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

/// Imports large enough to rebuild the indexes (see ``ImportWriter/bulkThreshold``).
@Suite("Bulk imports")
struct BulkImportTests {
    /// `count` notes, every seventh unpinned, tags cycling through four sets.
    static func notes(_ count: Int, offset: Int = 0) -> [Note] {
        (0..<count).map { index in
            let tags = [[], ["idea"], ["idea", "todo"], ["quote"]][index % 4]
            let episode = "512ojhOuo1ktJprKbV" + String(1000 + index % 50)
            let pin = index % 7 == 0 ? nil : episodePin(episode, at: index * 1000)
            return note("note number \(index + offset) about word\(index % 100)", tags: tags, at: Double(index), pin: pin)
        }
    }

    static func jsonl(_ notes: [Note]) -> Data {
        Data(notes.map { NoteEncoding.object($0) + "\n" }.joined().utf8)
    }

    @Test("into an empty store: every note, tag and word is found afterwards")
    func intoEmptyStore() throws {
        let store = try NoteDatabase.inMemory()
        let notes = Self.notes(ImportWriter.bulkThreshold + 100)
        #expect(try store.importNotes(from: Self.jsonl(notes)) == ImportCounts(added: notes.count))
        #expect(try integrityProblems(store) == [])
        #expect(try store.count() == notes.count)
        #expect(try store.note(id: notes[4000].id) == notes[4000])
        #expect(try store.count(NoteFilter(tag: "todo")) == notes.filter { $0.tags.contains("todo") }.count)
        #expect(try store.search("4000").map(\.note.id) == [notes[4000].id])
        let episode = notes.filter { $0.pin?.itemID == notes[1].pin?.itemID }
        #expect(try store.notes(NoteFilter(itemID: notes[1].pin?.itemID)).map(\.id) == episode.map(\.id))
        // Notes added afterwards are indexed by the restored triggers.
        try store.insert(note("written after the bulk import", tags: ["after"]))
        #expect(try store.search("bulk").count == 1)
        // Importing the same file again changes nothing.
        #expect(try store.importNotes(from: Self.jsonl(notes)) == ImportCounts(unchanged: notes.count))
    }

    @Test("with stored notes and repeated ids, the newest version of each note wins")
    func mergesStoredAndRepeated() throws {
        let store = try NoteDatabase.inMemory()
        let stored = note("stored first draft", tags: ["old"], at: 0, pin: episodePin())
        let kept = note("stored and newer than the file", tags: ["kept"], at: 1)
        try store.insert(stored)
        try store.insert(kept)
        var newer = stored
        newer.text = "replaced by the import"
        newer.tags = ["new"]
        newer.updatedAt = moment(60)
        var older = kept
        older.text = "an older version"
        older.updatedAt = moment(-60)
        var bulk = Self.notes(ImportWriter.bulkThreshold)
        var repeated = bulk[10]
        repeated.text = "the later record in the same file"
        repeated.updatedAt = moment(3600)
        let storedEleventh = bulk[11]
        var stale = bulk[11]
        stale.text = "an older record later in the file"
        stale.updatedAt = moment(-3600)
        bulk += [newer, older, repeated, stale]
        let counts = try store.importNotes(from: Self.jsonl(bulk))
        #expect(counts == ImportCounts(added: ImportWriter.bulkThreshold, updated: 2, conflicts: 2, conflictIDs: [kept.id, stale.id]))
        #expect(try integrityProblems(store) == [])
        #expect(try store.note(id: stored.id) == newer)
        #expect(try store.note(id: kept.id) == kept)
        #expect(try store.note(id: repeated.id) == repeated)
        #expect(try store.note(id: stale.id) == storedEleventh)
        #expect(try store.search("draft").isEmpty)
        #expect(try store.search("replaced").map(\.note.id) == [stored.id])
        #expect(try store.search("later record").map(\.note.id) == [repeated.id])
        #expect(try store.notes(NoteFilter(tag: "old")).isEmpty)
        #expect(try store.count() == ImportWriter.bulkThreshold + 2)
    }

    @Test("a store failure late in a bulk import leaves the notes and the schema as they were")
    func failureLeavesSchema() throws {
        let store = try NoteDatabase(path: try temporaryDirectory() + "/notes.sqlite")
        let before = note("already here", tags: ["x"])
        try store.insert(before)
        // A trigger that refuses one note stands in for a disk that fills up mid-import.
        try store.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON note WHEN NEW.text = 'poison'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let notes = Self.notes(ImportWriter.bulkThreshold) + [note("poison")]
        #expect {
            try store.importNotes(from: Self.jsonl(notes))
        } throws: { error in
            if case .store = error as? ImportError { true } else { false }
        }
        #expect(try store.notes() == [before])
        #expect(try integrityProblems(store) == [])
        #expect(try store.search("already").map(\.note.id) == [before.id])
    }
}
