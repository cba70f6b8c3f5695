import Foundation
import NoteStore
import NoteTransfer
import Testing
@testable import NoteSync

/// Applying pages from the hub to a store, without a hub: what a pull does locally.
@Suite("applying the hub's pages to the store")
struct SyncApplyTests {
    /// A stamp `ms` milliseconds into 2026, from another machine.
    func stamp(_ ms: Int64, node: String = "0000000000000000") -> String {
        HybridTimestamp(wallMs: 1_767_225_600_000 + ms, counter: 0, node: node).description
    }

    /// The hub's record of `note` (or a tombstone) with every part stamped `hlc`.
    func record(_ note: Note, hlc: String, deleted: Bool = false) -> NoteDatabase.HubRecord {
        .init(id: note.id, hlc: hlc, parts: [hlc, hlc, hlc], body: deleted ? nil : NoteEncoding.object(note))
    }

    @Test("notes this store never had are stored, with tags and pin, as the hub's and not as local changes")
    func freshNotes() throws {
        let store = try NoteDatabase.inMemory()
        let pin = Pin(itemType: "episode", itemID: "512ojhOuo1ktJprKbVcKyQ", itemURI: "spotify:episode:512ojhOuo1ktJprKbVcKyQ",
                      itemName: "Ep. 42", showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Craft", progressMs: 754_000, durationMs: 3_723_000)
        let notes = (0..<50).map { Note(text: "from elsewhere \($0)", tags: ["pulled"], pin: $0 % 2 == 0 ? pin : nil) }
        let applied = try store.apply(notes.map { record($0, hlc: stamp(1)) }, versions: [], cursor: ["note_seq": "50"])
        #expect(applied.notes == 50 && applied.conflicts == 0)
        #expect(try store.note(id: notes[0].id) == notes[0])
        #expect(try store.note(id: notes[1].id).pin == nil)
        #expect(try store.search("elsewhere", limit: 100).count == 50, "the full-text index has the pulled notes")
        #expect(try store.pendingChanges(after: "", limit: 100).isEmpty)
        #expect(try store.hubValues()["note_seq"] == "50")
    }

    @Test("a page twice the size of the store is written in bulk: old and new notes searchable, indexes and triggers back")
    func bulkPage() throws {
        let store = try NoteDatabase.inMemory()
        try store.insert(Note(text: "kept from earlier days"))
        let objects = try store.integrity().objectNames
        let notes = (0..<5000).map { Note(text: "bulk pulled \($0)", tags: $0 % 3 == 0 ? ["bulk"] : []) }
        let applied = try store.apply(notes.map { record($0, hlc: stamp(1)) }, versions: [], cursor: ["note_seq": "5000"])
        #expect(applied.notes == 5000)
        let (found, count) = (try store.searchCount("pulled"), try store.count())
        #expect(found == 5000, "found \(found) of \(count) notes")
        #expect(try store.searchCount("kept") == 1, "the note from before stays in the full-text index")
        let integrity = try store.integrity()
        #expect(integrity.problems.isEmpty, "\(integrity.problems)")
        #expect(integrity.objectNames == objects, "every index and trigger is back")
        #expect(try store.pendingChanges(after: "", limit: 10).count == 1, "only the local note is to push")
        // A local change after the bulk page is logged again: the triggers are back.
        try store.insert(Note(text: "after the pull"))
        #expect(try store.pendingChanges(after: "", limit: 10).count == 2)
    }

    @Test("a page holding a body that is not a note is refused whole: no note, no cursor")
    func unreadableBody() throws {
        let store = try NoteDatabase.inMemory()
        let good = Note(text: "readable")
        let bad = NoteDatabase.HubRecord(id: "bad", hlc: stamp(1), parts: [stamp(1), stamp(1), stamp(1)], body: #"{"text": 3}"#)
        #expect(throws: NoteStoreError.self) {
            try store.apply([record(good, hlc: stamp(1)), bad], versions: [], cursor: ["note_seq": "2"])
        }
        #expect(try store.count() == 0)
        #expect(try store.hubValues()["note_seq"] == nil)
    }

    @Test("without a local change, a newer record replaces the note, a tombstone deletes it, an older one is ignored")
    func fastForward() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "first")
        _ = try store.apply([record(note, hlc: stamp(10))], versions: [], cursor: [:])
        var older = note
        older.text = "older than what is here"
        #expect(try store.apply([record(older, hlc: stamp(5))], versions: [], cursor: [:]).notes == 0)
        #expect(try store.note(id: note.id).text == "first")
        var newer = note
        newer.text = "newer"
        #expect(try store.apply([record(newer, hlc: stamp(20))], versions: [], cursor: [:]).notes == 1)
        #expect(try store.note(id: note.id).text == "newer")
        _ = try store.apply([record(note, hlc: stamp(30), deleted: true)], versions: [], cursor: [:])
        #expect(throws: NoteStoreError.notFound(note.id)) { try store.note(id: note.id) }
        #expect(try store.pendingChanges(after: "", limit: 10).isEmpty)
    }

    @Test("the record of a change this store pushed settles it: no longer pending")
    func ownChangeComesBack() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "mine")
        try store.insert(note)
        let change = try #require(try store.pendingChanges(after: "", limit: 10).first)
        let applied = try store.apply([.init(id: note.id, hlc: change.hlc, parts: change.parts, body: NoteEncoding.object(note))],
                                      versions: [], cursor: [:])
        #expect(applied.notes == 0)
        #expect(try store.pendingChanges(after: "", limit: 10).isEmpty)
    }

    @Test("a note edited while its own push was in flight: the pushed version comes back as its base, no conflict, the edit still pending")
    func ownEditInFlight() throws {
        let store = try NoteDatabase.inMemory()
        var note = Note(text: "first words", tags: ["a"])
        try store.insert(note)
        // The push reads the change; before it is marked pushed, the note is edited again.
        let pushed = try #require(try store.pendingChanges(after: "", limit: 10).first)
        note.text = "second words"
        note.tags = ["a", "b"]
        try store.update(note)
        try store.markPushed([(pushed.id, pushed.hlc)], versions: [], hubValues: [:])
        let pushedNote = try #require(pushed.note)
        let applied = try store.apply([.init(id: note.id, hlc: pushed.hlc, parts: pushed.parts, body: NoteEncoding.object(pushedNote))],
                                      versions: [], cursor: [:])
        #expect(applied.conflicts == 0)
        #expect(try store.note(id: note.id).text == "second words")
        #expect(try store.versions(of: note.id).allSatisfy { $0.kind != .conflict }, "no text kept as a conflict")
        let pending = try #require(try store.pendingChanges(after: "", limit: 10).first)
        #expect(pending.base == pushed.hlc, "the edit is now made on top of what the hub has")
        #expect(pending.note?.tags == ["a", "b"])
    }

    @Test("tags changed on both sides merge per tag against the version both started from")
    func tagsMergePerTag() throws {
        let store = try NoteDatabase.inMemory()
        let base = Note(text: "shared", tags: ["kept", "mine-drops", "theirs-drops"])
        _ = try store.apply([record(base, hlc: stamp(10))], versions: [], cursor: [:])
        var mine = base
        mine.tags = ["kept", "theirs-drops", "mine-adds"]
        try store.update(mine)
        var theirs = base
        theirs.tags = ["kept", "mine-drops", "theirs-adds"]
        // Their change is newer than anything here, in every part.
        let later = HybridTimestamp(wallMs: Int64(Date().timeIntervalSince1970 * 1000) + 60_000, counter: 0, node: "ffff").description
        let applied = try store.apply([.init(id: base.id, hlc: later, parts: [stamp(10), later, stamp(10)], body: NoteEncoding.object(theirs))],
                                      versions: [], cursor: [:])
        #expect(applied.conflicts == 0)
        #expect(Set(try store.note(id: base.id).tags) == ["kept", "mine-adds", "theirs-adds"])
        let pending = try #require(try store.pendingChanges(after: "", limit: 10).first)
        #expect(pending.base == later)
    }

    @Test("earlier texts are kept as versions already on the hub; one the store cannot read is skipped")
    func versions() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "now")
        _ = try store.apply([record(note, hlc: stamp(10))], versions: [], cursor: [:])
        let body = #"{"text":"before","updated_at":"2026-01-01T00:00:00.000Z"}"#
        _ = try store.apply([], versions: [.init(id: note.id, hlc: stamp(5), kind: "edited", body: body),
                                           .init(id: note.id, hlc: stamp(6), kind: "edited", body: "[]")],
                            cursor: ["version_seq": "2"])
        #expect(try store.versions(of: note.id).map(\.text) == ["before"])
        #expect(try store.unpushedVersions().isEmpty)
        #expect(try store.hubValues()["version_seq"] == "2")
    }

    @Test("a page of versions alone still moves the clock past its stamps")
    func clockFromVersions() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "here")
        try store.insert(note)
        let ahead = HybridTimestamp(wallMs: Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000, counter: 7, node: "ffff")
        let body = #"{"text":"t","updated_at":"2026-01-01T00:00:00.000Z"}"#
        _ = try store.apply([], versions: [.init(id: note.id, hlc: ahead.description, kind: "edited", body: body)], cursor: [:])
        var edited = note
        edited.text = "edited after the pull"
        try store.update(edited)
        let stamp = try #require(try store.pendingChanges(after: "", limit: 10).first.flatMap { HybridTimestamp($0.hlc) })
        #expect(stamp > ahead)
    }

    @Test("a stamp that is not of the text form is not a stamp", arguments: [
        "", "1795458518905-00000003", "1795458518905-3-abc", "179545851890-00000003-abc", "1795458518905-0000000x-abc",
        "1795458518905-00000003-", "-1795458518905-00000003-a",
    ])
    func malformedStamps(text: String) {
        #expect(HybridTimestamp(text) == nil)
    }
}
