import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

/// A store file at schema `version` (`v1` … the newest) holding `notes`, written with that
/// version's own SQL, as an earlier margin left it.
func storeFile(at version: String, holding notes: [Note]) throws -> String {
    let path = try temporaryDirectory() + "/notes.sqlite"
    let queue = try DatabaseQueue(path: path)
    try NoteDatabase.migrator.migrate(queue, upTo: version)
    try queue.write { db in
        for note in notes {
            let pin = note.pin
            try db.execute(
                sql: """
                    INSERT INTO note (id, text, created_at, updated_at, item_type, item_id, item_uri,
                                      item_name, show_id, show_name, progress_ms, duration_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    note.id, note.text, NoteTimestamp.string(from: note.createdAt),
                    NoteTimestamp.string(from: note.updatedAt), pin?.itemType, pin?.itemID, pin?.itemURI,
                    pin?.itemName, pin?.showID, pin?.showName, pin?.progressMs, pin?.durationMs,
                ])
            let seq = db.lastInsertedRowID
            // v5 on keeps the note's time beside each tag.
            let tagTimes = try db.columns(in: "note_tag").contains { $0.name == "created_at" }
            for tag in note.tags where tagTimes {
                try db.execute(
                    sql: "INSERT INTO note_tag (note_seq, tag, created_at) VALUES (?, ?, ?)",
                    arguments: [seq, tag, NoteTimestamp.string(from: note.createdAt)])
            }
            for tag in note.tags where !tagTimes {
                // v1 tied tags to the note's id; v2 on to its integer key.
                try version == "v1"
                    ? db.execute(sql: "INSERT INTO note_tag (note_id, tag) VALUES (?, ?)", arguments: [note.id, tag])
                    : db.execute(sql: "INSERT INTO note_tag (note_seq, tag) VALUES (?, ?)", arguments: [seq, tag])
            }
        }
    }
    let applied = try queue.read(NoteDatabase.migrator.appliedMigrations)
    #expect(applied.last == version)
    try queue.close()
    return path
}
