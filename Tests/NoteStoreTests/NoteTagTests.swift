import Foundation
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("One tag rule for the command line, import and the schema")
struct NoteTagTests {
    /// The tag items of `schema/note.schema.json`.
    static func schemaTagItems() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../schema/note.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let tags = try #require(properties["tags"] as? [String: Any])
        return try #require(tags["items"] as? [String: Any])
    }

    @Test("the schema's pattern allows exactly the scalars NoteTag allows, for every scalar of the BMP and some beyond")
    func schemaAgrees() throws {
        let items = try Self.schemaTagItems()
        let pattern = try #require(items["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        #expect(items["maxLength"] as? Int == NoteTag.maxLength)
        #expect(items["minLength"] as? Int == 1)
        var disagreements: [UInt32] = []
        for value in Array(0...0xFFFF) + [0x1F3A7, 0xE0001, 0x10FFFD] {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            if matches != NoteTag.allows(scalar) { disagreements.append(UInt32(value)) }
        }
        #expect(disagreements.isEmpty, "scalars the schema and NoteTag disagree on: \(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("tags as typed are trimmed, checked, made unique and sorted", arguments: [
        (["  caching ", "idea", "caching"], ["caching", "idea"]),
        (["über", "Ärger"], ["Ärger", "über"]),
    ])
    func normalize(typed: [String], stored: [String]) throws {
        #expect(try NoteTag.normalize(typed) == stored)
    }

    @Test("spaces, commas, semicolons, controls, empty and over 64 characters are refused", arguments: [
        "with space", "a;b", "a,b", "tab\there", "nul\u{0}", "", "  ", String(repeating: "x", count: 65), "no\u{00A0}break",
    ])
    func refused(tag: String) {
        #expect(throws: NoteTag.Invalid(tag: tag)) { try NoteTag.normalize([tag]) }
    }

    @Test("64 non-ASCII characters are a tag")
    func longestTag() throws {
        let tag = String(repeating: "ü", count: 64)
        #expect(try NoteTag.normalize([tag]) == [tag])
    }

    @Test("import refuses a tag the command line refuses, naming it", arguments: ["with space", "a;b", String(repeating: "y", count: 65)])
    func importRefuses(tag: String) throws {
        let store = try NoteDatabase(path: temporaryDirectory() + "/notes.sqlite")
        let note = Note(text: "x", tags: [tag], createdAt: moment())
        let line = Data((NoteEncoding.object(note) + "\n").utf8)
        #expect(throws: ImportError.self) { try store.importNotes(from: line) }
        #expect(try store.count() == 0)
    }
}
