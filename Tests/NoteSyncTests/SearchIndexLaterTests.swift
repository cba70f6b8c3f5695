import Foundation
import NoteStore
import NoteTransfer
import Testing
@testable import NoteSync

/// A first pull writes no full-text index; the first search builds it (see
/// `NoteDatabase+SearchIndex.swift`).
@Suite("the full-text index a first pull leaves to the first search")
struct SearchIndexLaterTests {
    func record(_ note: Note) -> NoteDatabase.HubRecord {
        let hlc = HybridTimestamp(wallMs: 1_767_225_600_001, counter: 0, node: "0000000000000000").description
        return .init(id: note.id, hlc: hlc, parts: [hlc, hlc, hlc], body: NoteEncoding.object(note))
    }

    @Test("a bulk page writes no index; what changed before the first search is found as it is then, and the index is kept after")
    func builtAtFirstSearch() throws {
        let store = try NoteDatabase.inMemory()
        try store.insert(Note(text: "kept from earlier days"))
        let notes = (0..<5000).map { Note(text: "bulk pulled \($0)") }
        _ = try store.apply(notes.map(record), versions: [], cursor: ["note_seq": "5000"])
        #expect(try store.searchIndexIsBuilt() == false, "the bulk page left the index")

        // Changes while the index is left: an edit, a tag, a delete, a new note, a later page.
        var edited = try store.note(id: notes[0].id)
        edited.text = "rewritten somewhere quiet"
        _ = try store.update(edited)
        var tagged = try store.note(id: notes[1].id)
        tagged.tags = ["marmalade"]
        _ = try store.update(tagged)
        try store.delete(id: notes[2].id)
        try store.insert(Note(text: "taken later by hand"))
        let later = Note(text: "a later page from elsewhere")
        _ = try store.apply([record(later)], versions: [], cursor: ["note_seq": "5001"])
        #expect(try store.searchIndexIsBuilt() == false, "a small page keeps it left")

        let pulled = try store.searchCount("pulled")
        #expect(pulled == 4998, "every pulled note but the edited and the deleted: found \(pulled)")
        #expect(try store.searchIndexIsBuilt(), "the first search built it")
        #expect(try store.search("quiet").map(\.note.id) == [notes[0].id])
        #expect(try store.search("marmalade").map(\.note.id) == [notes[1].id])
        #expect(try store.search("kept").count == 1 && store.search("taken").count == 1 && store.search("elsewhere").count == 1)
        #expect(try store.integrity().problems.isEmpty)

        // The triggers are back: a change now reaches the index at once.
        edited.text = "rewritten once more"
        _ = try store.update(edited)
        #expect(try store.search("quiet").isEmpty && store.search("once").count == 1)
    }

    @Test("integrity counts a left index as missing until it is built; an import into such a store leaves it to the search too")
    func integrityAndImport() throws {
        let store = try NoteDatabase.inMemory()
        _ = try store.apply((0..<5000).map { record(Note(text: "bulk pulled \($0)")) }, versions: [], cursor: ["note_seq": "5000"])
        #expect(try store.searchIndexIsBuilt() == false)
        let imported = Note(text: "imported by hand")
        _ = try store.importNotes(from: Data("[\(NoteEncoding.object(imported))]".utf8))
        #expect(try store.searchIndexIsBuilt() == false)
        #expect(try store.integrity().problems.contains { $0.contains("__note_ft_ai") }, "a left index is reported, not repaired")
        #expect(try store.searchIndexIsBuilt() == false)
        try store.buildLeftIndexes()
        let integrity = try store.integrity()
        #expect(integrity.problems.isEmpty, "\(integrity.problems)")
        #expect(try store.search("hand").map(\.note.id) == [imported.id])
    }
}
