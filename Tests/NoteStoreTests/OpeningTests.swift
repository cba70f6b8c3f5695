import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Opening a store file")
struct OpeningTests {
    @Test("creates the directory 0700 and the file 0600, migrated to the latest schema")
    func createsFile() throws {
        let directory = try temporaryDirectory() + "/share/margin"
        let path = directory + "/notes.sqlite"
        let store = try NoteDatabase(path: path)
        #expect(store.path == path)
        #expect(try mode(directory) == 0o700)
        #expect(try mode(path) == 0o600)
        let (applied, journal, tables) = try store.writer.read { db in
            try (
                NoteDatabase.migrator.appliedMigrations(db),
                String.fetchOne(db, sql: "PRAGMA journal_mode"),
                String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')"))
        }
        #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"])
        #expect(journal == "wal")
        #expect(tables.isSuperset(of: [
            "note", "note_tag", "episode", "note_ft", "note_on_id", "note_on_item", "note_on_created_at",
            "note_on_show", "note_tag_on_tag", "__note_ft_ai", "__note_ft_bd", "__note_ft_au", "__note_ft_tag_ai", "__note_ft_tag_ad",
            "sync_clock", "sync_state", "note_version", "sync_hub", "sync_note_insert", "sync_note_update",
            "sync_note_delete", "sync_tag_insert", "sync_tag_delete",
        ]))
    }

    @Test("reopening keeps the notes and runs no migration twice")
    func reopens() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let first = note("kept across opens", tags: ["a"], pin: episodePin())
        do {
            let store = try NoteDatabase(path: path)
            try store.insert(first)
        }
        let store = try NoteDatabase(path: path)
        #expect(try store.note(id: first.id) == first)
        #expect(try store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM grdb_migrations") } == NoteStore.migrations.count)
    }

    @Test("opens an existing empty file as a new store")
    func emptyFile() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let store = try NoteDatabase(path: path)
        #expect(try store.notes().isEmpty)
    }

    @Test("refuses a file written by a newer margin and leaves it byte-identical")
    func newerSchema() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        do {
            let store = try NoteDatabase(path: path)
            try store.insert(note("written by this margin"))
            // A later margin would have added its own migration.
            try store.writer.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v2-from-the-future')") }
        }
        // The pool is closed: the WAL is checkpointed into the file and removed.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modifiedBefore = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

        #expect(throws: NoteStoreError.newerSchema(path: path)) { try NoteDatabase(path: path) }

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modifiedBefore)
        let message = NoteStoreError.newerSchema(path: path).localizedDescription
        #expect(message.contains("was written by a newer margin; upgrade margin (the file is left untouched)"))
    }

    @Test("a file that is not a database cannot be opened, and is left alone")
    func notADatabase() throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let junk = Data(String(repeating: "these are not the notes you are looking for\n", count: 200).utf8)
        try junk.write(to: URL(fileURLWithPath: path))
        #expect {
            try NoteDatabase(path: path)
        } throws: { error in
            guard case NoteStoreError.cannotOpen(path, let reason)? = error as? NoteStoreError else { return false }
            return reason.contains("not a SQLite database")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
    }

    @Test("in memory, a store has no path")
    func inMemory() throws {
        let store = try NoteDatabase.inMemory()
        #expect(store.path == nil)
        try store.insert(note("held in memory"))
        #expect(try store.count() == 1)
    }

    @Test("knows its migrations and SQLite's version")
    func facts() throws {
        #expect(NoteStore.migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"])
        #expect(try NoteStore.sqliteVersion().hasPrefix("3."))
    }
}
