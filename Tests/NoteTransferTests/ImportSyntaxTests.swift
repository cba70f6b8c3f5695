import Foundation
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Import refuses what is not JSON")
struct ImportSyntaxTests {
    /// Imports `text` into a store with notes, expects `expected`, and checks nothing changed.
    func refuses(_ text: String, _ expected: (ImportError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try ImportFixtures.Target()
        do {
            let counts = try target.store.importNotes(from: Data(text.utf8))
            Issue.record("imported \(counts)", sourceLocation: sourceLocation)
        } catch {
            #expect(expected(error), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(try target.untouched(), sourceLocation: sourceLocation)
    }


    @Test("text that starts like neither format is .notJSON")
    func notJSON() throws {
        try refuses("hello") { $0 == .notJSON(line: 1, detail: "expected a JSON array ('[') or JSON Lines ('{' on each line), found 'h'") }
        try refuses("\n\nid,text\r\n") { if case .notJSON(line: 3, _) = $0 { true } else { false } }
        try refuses("\"just a string\"") { if case .notJSON(line: 1, _) = $0 { true } else { false } }
        let target = try ImportFixtures.Target()
        let utf16 = Data([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])
        #expect(throws: ImportError.notJSON(line: 1, detail: "the input is UTF-16 text; save it as UTF-8")) {
            try target.store.importNotes(from: utf16)
        }
    }

    @Test("a bad line in the middle of JSON Lines names that line")
    func badLine() throws {
        let good = try ImportFixtures.goodNotes().map { try ImportFixtures.record($0) }
        let lines = [good[0], "", good[1], String(good[2].dropLast()), good[2]]
        try refuses(lines.joined(separator: "\n")) {
            $0 == .notJSON(line: 4, detail: "expected ',' or '}' after a value, found the end of the line")
        }
        let split = [good[0], good[1], #"{"id":"x","#, #""text":"y"}"#]
        try refuses(split.joined(separator: "\n")) { if case .notJSON(line: 3, _) = $0 { true } else { false } }
        let array = [good[0], "[1]", good[1]]
        try refuses(array.joined(separator: "\n")) { $0 == .notJSON(line: 2, detail: "expected a JSON object, found '['") }
        let invalid = [good[0], good[1], try ImportFixtures.record(ImportFixtures.goodNotes()[1]) { $0["pinned"] = 0 }]
        try refuses(invalid.joined(separator: "\n")) {
            $0 == .invalidRecord(location: "line 3", field: "pinned", reason: "expected a boolean, found a number")
        }
    }

    @Test("broken JSON arrays say where")
    func brokenArray() throws {
        let good = try ImportFixtures.goodNotes().map { try ImportFixtures.record($0) }
        try refuses("[" + good[0] + ",\n" + good[1]) { if case .notJSON(line: 2, _) = $0 { true } else { false } }
        try refuses("[" + good[0] + ",\n]") { if case .notJSON(line: 2, let detail) = $0 { detail.contains("record 2") } else { false } }
        try refuses("[" + good[0] + "]\n[]") { if case .notJSON(line: 2, _) = $0 { true } else { false } }
        try refuses("[" + good[0] + ", 3]") { if case .notJSON(line: 1, _) = $0 { true } else { false } }
    }

    @Test("broken strings, numbers and literals", arguments: [
        #"{"id":"a\qb"}"#, #"{"id":"\ud800"}"#, "{\"id\":\"raw\ttab\"}", #"{"id":01}"#, #"{"id":tru}"#,
        #"{"id":"unclosed}"#, #"{"id" "x"}"#, #"{id:"x"}"#, #"{"id":"x",}"#, #"{"id":1e}"#, #"{"id":-}"#,
    ])
    func brokenTokens(_ line: String) throws {
        try refuses(line) { if case .notJSON(line: 1, _) = $0 { true } else { false } }
    }

    @Test("invalid UTF-8 inside a string is refused")
    func invalidUTF8() throws {
        let target = try ImportFixtures.Target()
        var bytes = Data(#"{"id":"ab"#.utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: #""}"#.utf8)
        #expect(throws: ImportError.notJSON(line: 1, detail: "a string is not valid UTF-8")) {
            try target.store.importNotes(from: bytes)
        }
        #expect(try target.untouched())
    }

    @Test("a file that cannot be read is .notJSON without a line; an empty one imports nothing")
    func unreadable() throws {
        let store = try ExportFixtures.emptyStore()
        let missing = try temporaryDirectory() + "/missing.json"
        #expect(throws: ImportError.notJSON(line: nil, detail: "cannot read '\(missing)': No such file or directory")) {
            try store.importNotes(fromFile: missing)
        }
        let directory = try temporaryDirectory()
        #expect(throws: ImportError.self) { try store.importNotes(fromFile: directory) }
        let empty = directory + "/empty.json"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        // What 'margin export --format jsonl' writes for an empty store: a restore of it imports nothing.
        #expect(try store.importNotes(fromFile: empty).added == 0)
        try Data(" \n\n".utf8).write(to: URL(fileURLWithPath: empty))
        #expect(try store.importNotes(fromFile: empty).added == 0)
    }
}
