import Foundation
import GRDB
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

/// The JSON export writes stored bytes directly; rows it cannot vouch for take the general path.
@Suite("JSON export of unusual stored rows")
struct ExportRowTests {
    /// The jsonl export of `store`, and what encoding each listed note through ``Note`` gives.
    func exports(_ store: NoteDatabase) throws -> (direct: String, general: String) {
        let direct = try store.exportedText(.jsonl)
        var general = ""
        try store.writer.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT \(Note.selection) FROM note ORDER BY note.created_at, note.id")
            for row in rows { general += NoteEncoding.object(try Note(row: row)) + "\n" }
        }
        return (direct, general)
    }

    /// `list --json`'s bytes for `filter`, and the array of what encoding each listed note
    /// through ``Note`` gives.
    func listings(_ store: NoteDatabase, _ filter: NoteFilter = NoteFilter()) throws -> (direct: String, general: String) {
        var bytes = Data()
        try store.listJSON(filter) { bytes.append($0) }
        let general = "[" + (try store.notes(filter)).map(NoteEncoding.object).joined(separator: ",") + "]\n"
        return (String(decoding: bytes, as: UTF8.self), general)
    }

    @Test("hand-edited rows export as the notes the store reads back")
    func handEdited() throws {
        let store = try ExportFixtures.emptyStore()
        let notes = [
            note("no milliseconds in the stored time", tags: ["a", "b", "c"], at: 0, pin: episodePin()),
            note("impossible date", tags: ["b"], at: 1),
            note("tags out of order and not ASCII", tags: ["zeta", "é", "alpha"], at: 2, pin: ExportFixtures.trackPin()),
            note("an integer where a name belongs", at: 3, pin: episodePin()),
            note("a NUL inside a name", at: 4, pin: episodePin()),
            note("invalid UTF-8 in the text", at: 5),
            note("negative progress", at: 6, pin: episodePin(at: 0)),
        ]
        for note in notes { try store.insert(note) }
        try store.writer.write { db in
            try db.execute(sql: "UPDATE note SET created_at = '2026-11-21T09:15:02Z' WHERE id = ?", arguments: [notes[0].id])
            try db.execute(sql: "UPDATE note SET updated_at = '2026-02-30T09:15:02.123Z' WHERE id = ?", arguments: [notes[1].id])
            try db.execute(
                sql: "INSERT INTO note_tag (note_seq, tag, created_at) SELECT seq, 'x' || char(31) || 'y', created_at FROM note WHERE id = ?",
                arguments: [notes[2].id])
            try db.execute(sql: "UPDATE note SET item_name = 42 WHERE id = ?", arguments: [notes[3].id])
            try db.execute(sql: "UPDATE note SET show_name = CAST(X'41004200' AS TEXT) WHERE id = ?", arguments: [notes[4].id])
            try db.execute(sql: "UPDATE note SET text = CAST(X'6F6BFF20C3' AS TEXT) WHERE id = ?", arguments: [notes[5].id])
            try db.execute(sql: "UPDATE note SET progress_ms = -1500 WHERE id = ?", arguments: [notes[6].id])
        }
        let (direct, general) = try exports(store)
        #expect(direct == general)
        #expect(direct.contains(#""text":"ok\#u{FFFD} \#u{FFFD}""#))
        #expect(direct.contains(#""tags":["alpha","x","y","zeta","é"]"#))
        let listed = try listings(store)
        #expect(listed.direct == listed.general)
        #expect(listed.direct.contains(#""tags":["alpha","x","y","zeta","é"]"#))
        let episode = try listings(store, NoteFilter(itemID: notes[0].pin?.itemID))
        #expect(episode.direct == episode.general)
        #expect(episode.direct.hasPrefix("[{"))
    }

    @Test("an empty listing is an empty array, and a long one streams in chunks to the same bytes")
    func listingSizes() throws {
        let store = try ExportFixtures.emptyStore()
        #expect(try listings(store).direct == "[]\n")
        for index in 0..<600 {
            try store.insert(note(String(repeating: "ω long text \(index) ", count: 20), tags: ["t\(index % 3)"], at: Double(index), pin: episodePin(at: index * 10)))
        }
        var chunks = 0
        try store.listJSON(NoteFilter()) { _ in chunks += 1 }
        #expect(chunks > 1)
        let listed = try listings(store)
        #expect(listed.direct == listed.general)
    }

    @Test("texts with escapes and every kind of character export as NoteEncoding writes them")
    func hostile() throws {
        let store = try ExportFixtures.hostileStore()
        let (direct, general) = try exports(store)
        #expect(direct == general)
        let listed = try listings(store)
        #expect(listed.direct == listed.general)
    }
}
