import Foundation
import NoteStore
import NoteTransfer
import Testing
@testable import NoteSync

/// The store's change log and clock, without a hub.
@Suite("the change log and the hybrid logical clock")
struct ChangeLogTests {
    func pending(_ store: NoteDatabase) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try store.pendingChanges(after: "", limit: 1000).map { ($0.id, $0.hlc) })
    }

    @Test("every insert, edit, tag change and delete is logged with a later stamp, whichever writer makes it")
    func everyChangeIsLogged() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "first", tags: ["a"])
        try store.insert(note)
        let first = try #require(try pending(store)[note.id])
        var edited = note
        edited.text = "second"
        try store.update(edited)
        let second = try #require(try pending(store)[note.id])
        #expect(second > first)
        edited.tags = ["b"]
        try store.update(edited)
        let third = try #require(try pending(store)[note.id])
        #expect(third > second)
        try store.delete(id: note.id)
        let changes = try store.pendingChanges(after: "", limit: 10)
        #expect(changes.count == 1 && changes[0].note == nil && changes[0].hlc > third)
        // The edit kept the text it replaced.
        #expect(try store.versions(of: note.id).map(\.text) == ["first"])
    }

    @Test("an import is logged in one pass, new and replaced notes alike")
    func importIsLogged() throws {
        let store = try NoteDatabase.inMemory()
        let old = Note(text: "old", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        try store.insert(old)
        try store.markPushed(try store.pendingChanges(after: "", limit: 10).map { ($0.id, $0.hlc) }, versions: [], hubValues: [:])
        #expect(try pending(store).isEmpty)
        var newer = old
        newer.text = "replaced by an import"
        newer.updatedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let lines = ([newer] + (0..<5000).map { Note(text: "imported \($0)") }).map(NoteEncoding.object)
        _ = try store.importNotes(from: Data(lines.joined(separator: "\n").utf8))
        let logged = try store.pendingChanges(after: "", limit: 10_000)
        #expect(logged.count == 5001)
        #expect(logged.first { $0.id == old.id }?.note?.text == "replaced by an import")
    }

    @Test("after seeing a stamp from a clock hours ahead, the next local change is stamped later still")
    func skewedClocks() throws {
        let store = try NoteDatabase.inMemory()
        let ahead = HybridTimestamp(wallMs: Int64(Date().timeIntervalSince1970 * 1000) + 3 * 3_600_000, counter: 41, node: "ffffffffffffffff")
        let remote = Note(text: "from a machine whose clock is three hours fast")
        let aheadText = ahead.description
        _ = try store.apply([.init(id: remote.id, hlc: aheadText, parts: [aheadText, aheadText, aheadText], body: NoteEncoding.object(remote))],
                            versions: [], cursor: [:])
        #expect(try pending(store).isEmpty, "a pulled note is not a local change")
        var local = try store.note(id: remote.id)
        local.text = "edited here afterwards"
        try store.update(local)
        let text = try #require(try pending(store)[remote.id])
        let stamp = try #require(HybridTimestamp(text))
        #expect(stamp > ahead)
        #expect(stamp.wallMs == ahead.wallMs && stamp.counter == 42)
    }

    /// A note that this store and the hub agree on, and its stamp.
    func synced(_ store: NoteDatabase, _ note: Note) throws -> HybridTimestamp {
        try store.insert(note)
        let change = try #require(try store.pendingChanges(after: "", limit: 10).first)
        try store.markPushed([(change.id, change.hlc)], versions: [], hubValues: [:])
        return try #require(HybridTimestamp(change.hlc))
    }

    /// A stamp `ms` milliseconds after `stamp`, from another machine.
    func later(_ stamp: HybridTimestamp, _ ms: Int64) -> String {
        HybridTimestamp(wallMs: stamp.wallMs + ms, counter: 0, node: "0000000000000000").description
    }

    /// The next stamp after `stamp` from another machine whose node sorts first: whatever this
    /// store stamps next is later than it, in the same millisecond or a later one, so a test
    /// need not wait for the wall clock to move to make a change here the later one.
    func next(_ stamp: HybridTimestamp) -> String {
        HybridTimestamp(wallMs: stamp.wallMs, counter: stamp.counter + 1, node: "0000000000000000").description
    }

    @Test("a tag change here and a text change there, made at the same time, both survive the merge")
    func mergeByPart() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "original", tags: ["a"])
        let base = try synced(store, note)
        var tagged = note
        tagged.tags = ["a", "mine"]
        try store.update(tagged)
        var theirs = note
        theirs.text = "their words"
        let remote = later(base, 60_000)
        let applied = try store.apply([.init(id: note.id, hlc: remote, parts: [remote, base.description, base.description],
                                             body: NoteEncoding.object(theirs))], versions: [], cursor: [:])
        #expect(applied.notes == 1 && applied.conflicts == 0)
        let merged = try store.note(id: note.id)
        #expect(merged.text == "their words" && merged.tags == ["a", "mine"])
        let change = try #require(try store.pendingChanges(after: "", limit: 10).first)
        #expect(change.hlc > remote && change.base == remote, "the merge is a new change on top of the hub's")
        #expect(try store.versions(of: note.id).filter { $0.kind == .conflict }.isEmpty)
    }

    @Test("the same text changed here and there: the later edit wins, the other is kept and will be pushed")
    func textConflict() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "original")
        let base = try synced(store, note)
        var mine = note
        mine.text = "mine, earlier"
        try store.update(mine)
        var theirs = note
        theirs.text = "theirs, later"
        let remote = later(base, 60_000)
        let applied = try store.apply([.init(id: note.id, hlc: remote, parts: [remote, base.description, base.description],
                                             body: NoteEncoding.object(theirs))], versions: [], cursor: [:])
        #expect(applied.notes == 1 && applied.conflicts == 1)
        #expect(try store.note(id: note.id).text == "theirs, later")
        #expect(try pending(store).isEmpty, "the hub's version is what the store now has")
        #expect(try store.unpushedVersions().map(\.text).contains("mine, earlier"))
        #expect(try store.versions(of: note.id).contains { $0.kind == .conflict && $0.text == "mine, earlier" })
    }

    @Test("an edit here after a delete there brings the note back; a delete after an edit keeps the edit's text")
    func deleteAndEdit() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "original")
        let base = try synced(store, note)
        try store.delete(id: note.id)
        var edited = note
        edited.text = "edited there, before the delete here"
        let applied = try store.apply([.init(id: note.id, hlc: next(base), parts: [next(base), base.description, base.description],
                                             body: NoteEncoding.object(edited))], versions: [], cursor: [:])
        #expect(applied.conflicts == 1 && (try? store.note(id: note.id)) == nil, "the later delete wins")
        #expect(try store.versions(of: note.id).contains { $0.text == "edited there, before the delete here" })

        // And the other way round: an edit here, later than a delete there.
        let other = Note(text: "kept alive")
        let otherBase = try synced(store, other)
        var alive = other
        alive.text = "edited here, after the delete there"
        try store.update(alive)
        let deleted = next(otherBase)
        let back = try store.apply([.init(id: other.id, hlc: deleted, parts: [otherBase.description, otherBase.description, otherBase.description],
                                          body: nil)], versions: [], cursor: [:])
        #expect(back.conflicts == 1)
        #expect(try store.note(id: other.id).text == "edited here, after the delete there")
        #expect(try store.pendingChanges(after: "", limit: 10).contains { $0.id == other.id && $0.base == deleted })
    }
    @Test("stamps read back from their text, and order by time, then counter, then node")
    func stampText() throws {
        let stamp = HybridTimestamp(wallMs: 1_795_458_518_905, counter: 3, node: "abc")
        #expect(stamp.description == "1795458518905-00000003-abc")
        #expect(HybridTimestamp(stamp.description) == stamp)
        #expect(HybridTimestamp("12-3-x") == nil && HybridTimestamp("") == nil)
        let sorted = [HybridTimestamp(wallMs: 2, counter: 0, node: "a"), HybridTimestamp(wallMs: 1, counter: 9, node: "z"),
                      HybridTimestamp(wallMs: 1, counter: 9, node: "b")]
        #expect(sorted.sorted().map(\.description) == sorted.map(\.description).sorted())
    }

    @Test("COPY rows escape what the text format needs and write NULL as \\N")
    func copyRows() {
        var rows = CopyText()
        rows.row(["a\tb", nil, "back\\slash\nnew\rcr", "ünï"])
        #expect(String(decoding: rows.take(), as: UTF8.self) == "a\\tb\t\\N\tback\\\\slash\\nnew\\rcr\tünï\n")
    }
}
