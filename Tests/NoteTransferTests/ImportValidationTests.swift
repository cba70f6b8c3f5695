import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Import refuses bad input and writes nothing")
struct ImportValidationTests {
    typealias Change = (inout [String: Any]) -> Void

    /// Imports the good notes with `damaged` as record 2 (JSON array) and line 2 (JSON Lines),
    /// and checks both fail with `field` and leave the store untouched; returns the reasons.
    @discardableResult
    func refuses(_ field: String, _ change: Change) throws -> [String] {
        let good = ImportFixtures.goodNotes()
        var damaged = good[1]
        damaged.id = ExportFixtures.id(999)
        let records = try [
            ImportFixtures.record(good[0]), ImportFixtures.record(damaged, change),
            ImportFixtures.record(good[2]),
        ]
        var reasons: [String] = []
        for (input, location) in [
            ("[" + records.joined(separator: ",\n") + "]", "record 2"),
            (records.joined(separator: "\n") + "\n", "line 2"),
        ] {
            let target = try ImportFixtures.Target()
            do {
                let counts = try target.store.importNotes(from: Data(input.utf8))
                Issue.record("imported \(counts) despite a bad \(field)")
            } catch {
                guard case .invalidRecord(let at, let badField, let reason) = error else {
                    Issue.record("expected .invalidRecord, got \(error)")
                    continue
                }
                #expect(at == location)
                #expect(badField == field)
                #expect(error.localizedDescription.contains("nothing was imported"))
                reasons.append(reason)
            }
            #expect(try target.untouched())
        }
        return reasons
    }

    @Test("a bad id")
    func badID() throws {
        let reasons = try refuses("id") { $0["id"] = "not-a-uuid" }
        #expect(reasons.allSatisfy { $0.contains("UUID") })
        try refuses("id") { $0["id"] = 42 }
    }

    @Test("a missing field", arguments: NoteEncoding.keys)
    func missing(_ key: String) throws {
        let reasons = try refuses(key) { $0[key] = nil }
        #expect(reasons == ["missing", "missing"])
    }

    @Test("a field of the wrong type")
    func wrongType() throws {
        try refuses("text") { $0["text"] = 7 }
        try refuses("tags") { $0["tags"] = "x" }
        try refuses("tags") { $0["tags"] = [1] }
        try refuses("pinned") { $0["pinned"] = "false" }
        try refuses("item_name") { $0["item_name"] = ["a"] }
        try refuses("position") { $0["position"] = 3 }
        try refuses("link") { $0["link"] = ["x": 1] }
    }

    @Test("bad numbers: negative, fractional, text")
    func badNumbers() throws {
        let pinned: Change = { record in
            record["pinned"] = true
            record["item_type"] = "episode"
            record["item_id"] = "512ojhOuo1ktJprKbVcKyQ"
            record["item_uri"] = "spotify:episode:512ojhOuo1ktJprKbVcKyQ"
        }
        try refuses("progress_ms") { pinned(&$0); $0["progress_ms"] = -1 }
        try refuses("progress_ms") { pinned(&$0); $0["progress_ms"] = 1.5 }
        try refuses("duration_ms") { pinned(&$0); $0["progress_ms"] = 1; $0["duration_ms"] = "3723000" }
    }

    @Test("a bad time", arguments: [
        "2026-11-21 09:15:02.123Z", "2026-11-21T09:15:02.123+02:00", "2026-11-21T09:15:02.123",
        "2026-02-30T09:15:02.123Z", "2026-11-21T24:00:00.000Z", "2026-11-21", "yesterday", "",
    ])
    func badTime(_ time: String) throws {
        let reasons = try refuses("created_at") { $0["created_at"] = time }
        #expect(reasons.allSatisfy { $0 == "expected a UTC time like 2026-11-21T09:15:02.123Z" })
        try refuses("updated_at") { $0["updated_at"] = time }
    }

    @Test("pinned disagreeing with the pin fields")
    func pinnedInconsistent() throws {
        try refuses("item_type") { $0["pinned"] = true }
        try refuses("pinned") { $0["item_type"] = "episode" }
        try refuses("item_type") { $0["item_type"] = "podcast"; $0["pinned"] = true }
        try refuses("item_id") { $0["item_id"] = "512ojhOuo1ktJprKbVcKyQ" }
        try refuses("show_name") { $0["show_name"] = "a show" }
        try refuses("item_id") { $0["pinned"] = true; $0["item_type"] = "episode" }
        try refuses("item_uri") {
            $0["pinned"] = true; $0["item_type"] = "episode"; $0["item_id"] = "512ojhOuo1ktJprKbVcKyQ"
        }
        try refuses("progress_ms") {
            $0["pinned"] = true; $0["item_type"] = "episode"; $0["item_id"] = "512ojhOuo1ktJprKbVcKyQ"
            $0["item_uri"] = "spotify:episode:512ojhOuo1ktJprKbVcKyQ"
        }
        try refuses("item_id") {
            $0["pinned"] = true; $0["item_type"] = "episode"; $0["item_id"] = "short"
        }
        let reasons = try refuses("item_uri") {
            $0["pinned"] = true; $0["item_type"] = "track"; $0["item_id"] = "512ojhOuo1ktJprKbVcKyQ"
            $0["item_uri"] = "spotify:episode:512ojhOuo1ktJprKbVcKyQ"; $0["progress_ms"] = 0
        }
        #expect(reasons.allSatisfy { $0.contains("spotify:track:512ojhOuo1ktJprKbVcKyQ") })
        try refuses("show_id") { $0["show_id"] = "not base62!" }
    }

    @Test("an unknown key, so that typos surface")
    func unknownKey() throws {
        let reasons = try refuses("txt") { $0["txt"] = "typo" }
        #expect(reasons.allSatisfy { $0.contains("not a key") })
    }

    @Test("a blank text")
    func blankText() throws {
        try refuses("text") { $0["text"] = "" }
        try refuses("text") { $0["text"] = " \n\t " }
        try refuses("text") { $0["text"] = "\u{3000}\u{A0}\u{2028} " }
    }

    @Test("a bad tag", arguments: ["", " ", " padded", "padded ", "tab\there", "nul\u{0}"])
    func badTag(_ tag: String) throws {
        let reasons = try refuses("tags") { $0["tags"] = ["fine", tag] }
        #expect(reasons.allSatisfy { $0.contains("is not a tag") })
    }

    @Test("U+0000 in any string but the text", arguments: ["item_name", "show_name", "position", "link"])
    func nul(_ field: String) throws {
        let reasons = try refuses(field) { $0[field] = "before\u{0}after" }
        #expect(reasons.allSatisfy { $0 == "cannot contain NUL (U+0000)" })
    }

    @Test("a key given twice")
    func duplicateKey() throws {
        let line = try ImportFixtures.record(ImportFixtures.goodNotes()[1])
        let doubled = String(line.dropLast()) + #","text":"again"}"#
        let target = try ImportFixtures.Target()
        #expect(throws: ImportError.invalidRecord(location: "line 1", field: "text", reason: "appears twice")) {
            try target.store.importNotes(from: Data(doubled.utf8))
        }
        #expect(try target.untouched())
    }
}
