import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Stores that cannot be written")
struct FailureTests {
    /// True for `.unwritable` errors whose reason mentions `words` (any reason when nil).
    static func unwritable(_ error: any Error, mentioning words: String? = nil) -> Bool {
        guard case NoteStoreError.unwritable(_, let reason)? = error as? NoteStoreError else { return false }
        return words.map(reason.contains) ?? true
    }

    @Test("a directory that cannot be created is .unwritable")
    func blockedDirectory() throws {
        let file = try temporaryDirectory() + "/a-file"
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        #expect {
            try NoteDatabase(path: file + "/margin/notes.sqlite")
        } throws: { Self.unwritable($0, mentioning: "not a directory") || Self.unwritable($0, mentioning: "Not a directory") }
    }

    @Test("a connection SQLite opened read-only maps writes to .unwritable")
    func readOnlyConnection() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        do { _ = try NoteDatabase(path: path) }
        var configuration = NoteDatabase.configuration()
        configuration.readonly = true
        let store = try NoteDatabase(writer: DatabaseQueue(path: path, configuration: configuration), path: path, now: { Date() })
        #expect {
            try store.insert(note("lost?"))
        } throws: { Self.unwritable($0, mentioning: "read-only") }
        #expect(try store.notes().isEmpty)
    }

    @Test("a full disk maps to .unwritable saying so, and the transaction rolls back")
    func diskFull() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        try store.insert(note("fits"))
        // Cap the file at its current size: SQLite then fails exactly as on a full disk.
        try store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let big = note(String(repeating: "does not fit ", count: 100_000), tags: ["t"])
        #expect {
            try store.insert(big)
        } throws: { Self.unwritable($0, mentioning: "disk is full") }
        #expect(try store.count() == 1)
        #expect(NoteStoreError.unwritable(path: path, reason: "the disk is full").localizedDescription
            == "cannot write the note store '\(path)': the disk is full")
    }

    @Test("SQLite's failures map to the store's errors")
    func mapping() {
        let cases: [(ResultCode, String)] = [
            (.SQLITE_READONLY, "read-only"), (.SQLITE_CANTOPEN, "cannot be created or opened"),
            (.SQLITE_FULL, "disk is full"), (.SQLITE_IOERR, "I/O error"), (.SQLITE_PERM, "permission"),
            (.SQLITE_BUSY, "locked"),
        ]
        for (code, words) in cases {
            #expect(Self.unwritable(NoteStoreError(DatabaseError(resultCode: code), path: "p"), mentioning: words))
        }
        #expect(NoteStoreError(DatabaseError(resultCode: .SQLITE_NOTADB), path: "p")
            == .cannotOpen(path: "p", reason: "the file is not a SQLite database"))
        #expect(NoteStoreError(NoteStoreError.notFound("x"), path: "p") == .notFound("x"))
    }
}
