import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

/// Bulk imports into a store on disk, where the import leaves WAL mode for its transaction.
@Suite("Bulk imports into a file")
struct BulkImportFileTests {
    static func journalMode(_ path: String) throws -> String? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    }

    @Test("the file is back in WAL mode, foreign keys are on again, and nothing is left beside it")
    func settingsComeBack() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        let notes = BulkImportTests.notes(ImportWriter.bulkThreshold + 10)
        #expect(try store.importNotes(from: BulkImportTests.jsonl(notes)) == ImportCounts(added: notes.count))
        // The connection the import wrote with has its settings back.
        let settings = try store.writer.writeWithoutTransaction { db in
            try ["foreign_keys", "cache_size", "temp_store", "threads"].map { try Int.fetchOne(db, sql: "PRAGMA \($0)") }
        }
        #expect(settings == [1, -2000, 0, 0])
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(try integrityProblems(store) == [])
        #expect(try Self.journalMode(path) == "wal")
        // Tags still need their note once the import is over.
        #expect(throws: DatabaseError.self) {
            try store.writer.write { try $0.execute(sql: "INSERT INTO note_tag (note_seq, tag, created_at) VALUES (999999, 'orphan', '2026-11-21T09:15:02.123Z')") }
        }
    }

    @Test("with another connection open, a bulk import stays in WAL mode and that connection reads throughout")
    func anotherConnectionOpen() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        try store.insert(note("already here"))
        let other = try NoteDatabase(path: path)
        #expect(try other.count() == 1)
        let notes = BulkImportTests.notes(ImportWriter.bulkThreshold * 2)
        #expect(try store.importNotes(from: BulkImportTests.jsonl(notes)) == ImportCounts(added: notes.count))
        #expect(try other.count() == notes.count + 1)
        #expect(try Self.journalMode(path) == "wal")
        #expect(try integrityProblems(store) == [])
    }

    @Test("a bad record after the first thousand rolls back everything written before it")
    func lateBadRecord() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        let before = note("already here", tags: ["kept"])
        try store.insert(before)
        var input = BulkImportTests.jsonl(BulkImportTests.notes(ImportWriter.bulkThreshold + 500))
        input.append(Data(#"{"id":"not-a-uuid"}"#.utf8))
        #expect(throws: ImportError.invalidRecord(
            location: "line \(ImportWriter.bulkThreshold + 501)", field: "id",
            reason: "expected a UUID like 0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")) {
            try store.importNotes(from: input)
        }
        #expect(try store.notes() == [before])
        #expect(try integrityProblems(store) == [])
        #expect(try Self.journalMode(path) == "wal")
    }

    @Test("a store that refuses the first record stops the reading early and reports the store's error")
    func storeFailsAtOnce() throws {
        let store = try NoteDatabase.inMemory()
        try store.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON note BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        // Far more batches than the pipe holds: the reading thread must stop, not wait forever.
        let input = BulkImportTests.jsonl(BulkImportTests.notes(ImportPipe.batchSize * ImportPipe.capacity * 4))
        #expect {
            try store.importNotes(from: input)
        } throws: { error in
            if case .store = error as? ImportError { true } else { false }
        }
        #expect(try store.count() == 0)
    }
}

@Suite("Import pipe")
struct ImportPipeTests {
    @Test("a small input's estimate is its exact count; a large one's is close")
    func estimates() throws {
        for count in [1, ImportPipe.sampleSize - 1, ImportPipe.sampleSize, ImportPipe.sampleSize * 6] {
            let pipe = ImportPipe.reading(.data(BulkImportTests.jsonl(BulkImportTests.notes(count))))
            defer { pipe.close() }
            let estimate = try pipe.estimate()
            if count <= ImportPipe.sampleSize {
                #expect(estimate == count)
            } else {
                #expect(abs(estimate - count) < count / 10, "\(estimate) for \(count)")
            }
            var received = 0
            reading: while true {
                switch pipe.receive() {
                case .records(let records): received += records.count
                case .end: break reading
                case .failure(let error): Issue.record("\(error)"); break reading
                }
            }
            #expect(received == count)
        }
    }

    @Test("an unreadable file is reported before anything is written")
    func unreadable() {
        let pipe = ImportPipe.reading(.file("/nonexistent/notes.jsonl"))
        defer { pipe.close() }
        #expect(throws: ImportError.self) { try pipe.estimate() }
    }
}
