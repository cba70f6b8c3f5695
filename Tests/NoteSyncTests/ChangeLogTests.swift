import Foundation
import GRDB
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
        _ = try store.apply([.init(id: remote.id, hlc: ahead.description, body: NoteEncoding.object(remote))], versions: [], cursor: [:])
        #expect(try pending(store).isEmpty, "a pulled note is not a local change")
        var local = try store.note(id: remote.id)
        local.text = "edited here afterwards"
        try store.update(local)
        let text = try #require(try pending(store)[remote.id])
        let stamp = try #require(HybridTimestamp(text))
        #expect(stamp > ahead)
        #expect(stamp.wallMs == ahead.wallMs && stamp.counter == 42)
    }

    @Test("a pulled version older than a pending local edit leaves it; a newer one wins and keeps the local text")
    func pullAgainstPendingEdits() throws {
        let store = try NoteDatabase.inMemory()
        let note = Note(text: "mine")
        try store.insert(note)
        let text = try #require(try pending(store)[note.id])
        let mine = try #require(HybridTimestamp(text))
        var theirs = note
        theirs.text = "theirs"
        let older = HybridTimestamp(wallMs: mine.wallMs - 1, counter: 0, node: "0")
        var applied = try store.apply([.init(id: note.id, hlc: older.description, body: NoteEncoding.object(theirs))], versions: [], cursor: [:])
        #expect(applied.notes == 0 && applied.conflicts == 0)
        #expect(try store.note(id: note.id).text == "mine")
        let newer = HybridTimestamp(wallMs: mine.wallMs + 1, counter: 0, node: "0")
        applied = try store.apply([.init(id: note.id, hlc: newer.description, body: NoteEncoding.object(theirs))], versions: [], cursor: [:])
        #expect(applied.notes == 1 && applied.conflicts == 1)
        #expect(try store.note(id: note.id).text == "theirs")
        #expect(try store.versions(of: note.id).map(\.kind) == [.conflict])
        #expect(try store.unpushedVersions().map(\.text) == ["mine"])
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
        #expect(String(buffer: rows.take()) == "a\\tb\t\\N\tback\\\\slash\\nnew\\rcr\tünï\n")
    }
}
