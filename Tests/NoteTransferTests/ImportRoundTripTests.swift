import Foundation
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Export, import, export")
struct ImportRoundTripTests {
    @Test("json and jsonl: import into an empty store, export again, get the same bytes",
          arguments: [ExportFormat.json, .jsonl])
    func sameBytes(_ format: ExportFormat) throws {
        let source = try ExportFixtures.hostileStore()
        let exported = try source.exported(format)
        let target = try ExportFixtures.emptyStore()
        let counts = try target.importNotes(from: exported)
        #expect(counts == ImportCounts(added: ExportFixtures.hostileTexts.count))
        #expect(try target.exported(format) == exported)
        // Every stream format; the Obsidian folder has tests of its own (VaultExportTests).
        for other in ExportFormat.allCases where !other.writesDirectory {
            #expect(try target.exported(other) == source.exported(other), "\(other)")
        }
        #expect(try target.notes() == source.notes())
    }

    @Test("importing from a file gives the same as from memory", arguments: [ExportFormat.json, .jsonl])
    func fromFile(_ format: ExportFormat) throws {
        let source = try ExportFixtures.hostileStore()
        let path = try temporaryDirectory() + "/export.\(format.rawValue)"
        try source.exported(format).write(to: URL(fileURLWithPath: path))
        let target = try ExportFixtures.emptyStore()
        #expect(try target.importNotes(fromFile: path) == ImportCounts(added: ExportFixtures.hostileTexts.count))
        #expect(try target.exported(format) == source.exported(format))
    }

    @Test("importing the same export again changes nothing")
    func idempotent() throws {
        let source = try ExportFixtures.hostileStore()
        let exported = try source.exported(.jsonl)
        let target = try ExportFixtures.emptyStore()
        try target.importNotes(from: exported)
        let before = try target.exported(.jsonl)
        #expect(try target.importNotes(from: exported) == ImportCounts(unchanged: ExportFixtures.hostileTexts.count))
        #expect(try target.importNotes(from: source.exported(.json))
            == ImportCounts(unchanged: ExportFixtures.hostileTexts.count))
        #expect(try target.exported(.jsonl) == before)
    }

    @Test("JSON Lines may have blank lines, CRLF endings and a byte order mark; an empty array imports nothing")
    func lenientWhitespace() throws {
        let notes = ExportFixtures.hostileNotes().prefix(3)
        let lines = notes.map(NoteEncoding.object).joined(separator: "\r\n\r\n  \n")
        let store = try ExportFixtures.emptyStore()
        #expect(try store.importNotes(from: Data([0xEF, 0xBB, 0xBF]) + Data(("\n" + lines + "\r\n").utf8))
            == ImportCounts(added: 3))
        #expect(try store.importNotes(from: Data(" [ ] \n".utf8)) == ImportCounts())
        let pretty = "[\n  " + notes.map(NoteEncoding.object).joined(separator: " ,\n\n  ") + "\n]"
        #expect(try store.importNotes(from: Data(pretty.utf8)) == ImportCounts(unchanged: 3))
    }

    @Test("tags out of order, repeated or beyond ASCII are stored normalized; text may start with any character")
    func normalizesTags() throws {
        let line = """
            {"id":"0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f","text":"  日本語 first","tags":["zebra","über","Äpfel","apple","zebra"],\
            "created_at":"2026-11-21T09:15:02.123Z","updated_at":"2026-11-21T09:15:02.123Z",\
            "pinned":true,"item_type":"episode","item_id":"512ojhOuo1ktJprKbV1234",\
            "item_uri":"spotify:episode:512ojhOuo1ktJprKbV1234","item_name":"Ép. 1 — “Naming”","show_id":null,\
            "show_name":null,"progress_ms":0,"duration_ms":null,"position":"0:00","link":null}
            """
        let store = try ExportFixtures.emptyStore()
        #expect(try store.importNotes(from: Data(line.utf8)) == ImportCounts(added: 1))
        let stored = try store.note(id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
        #expect(stored.tags == Note.normalizedTags(["zebra", "über", "Äpfel", "apple"]))
        #expect(stored.tags.count == 4)
        #expect(stored.text == "  日本語 first")
        #expect(stored.pin?.itemName == "Ép. 1 — “Naming”")
        #expect(try store.notes(NoteFilter(tag: "über")).map(\.id) == [stored.id])
    }

    @Test("times without milliseconds are accepted, ids are stored lowercase, escapes are decoded")
    func normalizes() throws {
        let line = """
            {"id":"0B9E6C1E-6A8F-4D55-9D7E-2B1F3C4D5E6F","text":"caf\\u00e9 \\ud83c\\udfa7 \\/ \\u0000",\
            "tags":["b","a","b"],"created_at":"2026-11-21T09:15:02Z","updated_at":"2026-11-21T09:15:03.5Z",\
            "pinned":false,"item_type":null,"item_id":null,"item_uri":null,"item_name":null,"show_id":null,\
            "show_name":null,"progress_ms":null,"duration_ms":null,"position":null,"link":null}
            """
        let store = try ExportFixtures.emptyStore()
        #expect(throws: ImportError.invalidRecord(
            location: "line 1", field: "updated_at", reason: "expected a UTC time like 2026-11-21T09:15:02.123Z")) {
            try store.importNotes(from: Data(line.utf8))
        }
        let fixed = line.replacingOccurrences(of: "03.5Z", with: "03Z")
        #expect(try store.importNotes(from: Data(fixed.utf8)) == ImportCounts(added: 1))
        let stored = try store.note(id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
        #expect(stored.id == "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
        #expect(stored.text == "café 🎧 / \u{0}")
        #expect(stored.tags == ["a", "b"])
        #expect(NoteTimestamp.string(from: stored.createdAt) == "2026-11-21T09:15:02.000Z")
        #expect(NoteTimestamp.string(from: stored.updatedAt) == "2026-11-21T09:15:03.000Z")
    }
}
