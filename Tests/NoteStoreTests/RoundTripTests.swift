import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Storing and reading notes")
struct RoundTripTests {
    static let texts: [String] = [
        "the bit about cache stampedes",
        "Ünïcödé, 日本語のメモ, Ελληνικά, ქართული",
        "emoji 🎧🧠👩🏽‍💻 and flags 🇫🇷",
        "עברית מימין לשמאל and العربية too",
        "line one\nline two\r\nline three",
        "\ttabs\tinside\t",
        "before NUL\u{0}after NUL\u{0}",
        String(repeating: "ten kilobytes of thought. ", count: 400),
        "",
        "quotes \" ' ` and backslash \\ and SQL '); DROP TABLE note; --",
    ]

    @Test("every kind of text comes back byte for byte, pinned or not", arguments: texts)
    func text(_ text: String) throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        let pinned = note(text, tags: ["t"], pin: episodePin())
        let unpinned = note(text, at: 1)
        try store.insert(pinned)
        try store.insert(unpinned)
        let reopened = try NoteDatabase(path: path)
        #expect(try reopened.note(id: pinned.id) == pinned)
        #expect(try reopened.note(id: unpinned.id) == unpinned)
        #expect(try reopened.note(id: pinned.id).text.utf8.count == text.utf8.count)
    }

    @Test("dates keep their milliseconds: reading back equals what was written after rounding")
    func milliseconds() throws {
        let store = try NoteDatabase.inMemory()
        var written = Note(text: "precise", createdAt: Date(timeIntervalSince1970: 1_795_252_502.1236))
        written.updatedAt = Date(timeIntervalSince1970: 1_795_252_999.0004)
        try store.insert(written)
        let read = try store.note(id: written.id)
        #expect(read.createdAt == NoteTimestamp.rounded(written.createdAt))
        #expect(read.updatedAt == NoteTimestamp.rounded(written.updatedAt))
        #expect(NoteTimestamp.string(from: read.createdAt) == "2026-11-21T09:15:02.124Z")
        let stored = try store.writer.read {
            try String.fetchOne($0, sql: "SELECT created_at FROM note WHERE id = ?", arguments: [written.id])
        }
        #expect(stored == "2026-11-21T09:15:02.124Z")
    }

    @Test("a pinned note keeps every pin field; a pin without names stays without")
    func pins() throws {
        let store = try NoteDatabase.inMemory()
        let full = note("full pin", pin: episodePin())
        let offline = note("offline pin", pin: episodePin(named: false))
        let track = note("a song", pin: Pin(
            itemType: "track", itemID: "4uLU6hMCjMI75M1A2tKUQC", itemURI: "spotify:track:4uLU6hMCjMI75M1A2tKUQC",
            itemName: "Song", progressMs: 0, durationMs: 200_000))
        for each in [full, offline, track] { try store.insert(each) }
        #expect(try store.note(id: full.id).pin == episodePin())
        #expect(try store.note(id: offline.id).pin == episodePin(named: false))
        #expect(try store.note(id: track.id) == track)
        #expect(try store.note(id: track.id).pin?.showID == nil)
    }

    @Test("tags are stored sorted and unique, and an unpinned note has no pin")
    func tags() throws {
        let store = try NoteDatabase.inMemory()
        var made = note("tagged")
        made.tags = ["zeta", "alpha", "zeta", "Mid", "émigré"]
        try store.insert(made)
        let read = try store.note(id: made.id)
        #expect(read.tags == ["Mid", "alpha", "zeta", "émigré"])
        #expect(read.pin == nil)
        #expect(!read.pinned)
    }

    @Test("the schema refuses a half-set pin")
    func pinCheck() throws {
        let store = try NoteDatabase.inMemory()
        let error = #expect(throws: DatabaseError.self) {
            try store.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO note (id, text, created_at, updated_at, item_id)
                    VALUES ('x', 'y', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'episode-only')
                    """)
            }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
    }

    @Test("an unknown id is .notFound, a taken id is .duplicate, ids are matched in lowercase")
    func ids() throws {
        let store = try NoteDatabase.inMemory()
        let made = note("once", id: "0B9E6C1E-6A8F-4D55-9D7E-2B1F3C4D5E6F")
        try store.insert(made)
        #expect(try store.note(id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f").text == "once")
        #expect(try store.note(id: "0B9E6C1E-6A8F-4D55-9D7E-2B1F3C4D5E6F").text == "once")
        #expect(throws: NoteStoreError.duplicate(id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")) { try store.insert(made) }
        #expect(throws: NoteStoreError.notFound("nope")) { try store.note(id: "nope") }
    }
}
