import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

/// A voice note's segments in the note's JSON: written after `voice` when there are any,
/// omitted otherwise, kept by an import, and checked as any input is.
@Suite("Segments in the note's JSON")
struct SegmentTransferTests {
    static let segments = [
        NoteSegment(startMs: 0, endMs: 2480, text: "the bit about \"cache\""),
        NoteSegment(startMs: 2480, endMs: 5120, text: "stampedes\tand locks"),
    ]

    static func spoken(_ number: Int = 1) -> Note {
        Note(id: ExportFixtures.id(200 + number), text: "the bit about \"cache\" stampedes\tand locks", tags: ["voice"],
             createdAt: moment(200 + Double(number)), pin: episodePin(), segments: segments)
    }

    @Test("a note with segments carries them after voice; a note without has no segments key")
    func encoding() throws {
        let json = NoteEncoding.object(Self.spoken())
        #expect(json.hasSuffix(#","voice":null,"segments":[{"start_ms":0,"end_ms":2480,"text":"the bit about \"cache\""},{"start_ms":2480,"end_ms":5120,"text":"stampedes\tand locks"}]}"#), "\(json)")
        let typed = NoteEncoding.object(Note(text: "typed"))
        #expect(typed.hasSuffix(#","voice":null}"#))
        #expect(!typed.contains("segments"))
    }

    @Test("the store's exports carry the segments, and export, import, export gives the same bytes", arguments: [ExportFormat.json, .jsonl])
    func roundTrip(_ format: ExportFormat) throws {
        let source = try ExportFixtures.hostileStore()
        try source.insert(Self.spoken())
        let exported = try source.exported(format)
        #expect(String(decoding: exported, as: UTF8.self).contains(#""segments":[{"start_ms":0,"end_ms":2480,"#))
        let target = try ExportFixtures.emptyStore()
        #expect(try target.importNotes(from: exported) == ImportCounts(added: ExportFixtures.hostileTexts.count + 1))
        #expect(try target.note(id: Self.spoken().id).segments == Self.segments)
        #expect(try target.exported(format) == exported)
        // Again: the same segments leave the note unchanged.
        #expect(try target.importNotes(from: exported) == ImportCounts(unchanged: ExportFixtures.hostileTexts.count + 1))
    }

    @Test("a newer import replaces the segments, and one without segments removes them")
    func replaced() throws {
        let store = try ExportFixtures.emptyStore()
        try store.insert(Self.spoken())
        var newer = Self.spoken()
        newer.updatedAt = moment(900)
        newer.segments = [NoteSegment(startMs: 10, endMs: 20, text: "other")]
        #expect(try store.importNotes(from: Data(NoteEncoding.object(newer).utf8)) == ImportCounts(updated: 1))
        #expect(try store.note(id: newer.id).segments == newer.segments)
        newer.updatedAt = moment(901)
        newer.segments = []
        #expect(try store.importNotes(from: Data(NoteEncoding.object(newer).utf8)) == ImportCounts(updated: 1))
        #expect(try store.note(id: newer.id).segments == [])
        // An older record that differs only in its segments is a conflict, not unchanged.
        var older = Self.spoken()
        older.updatedAt = moment(100)
        #expect(try store.importNotes(from: Data(NoteEncoding.object(older).utf8)).conflicts == 1)
    }

    /// Imports a note whose `segments` is `value`; the one line of the failure.
    func refusal(_ value: Any) throws -> String {
        let line = try ImportFixtures.record(Self.spoken()) { $0["segments"] = value }
        let store = try ExportFixtures.emptyStore()
        do {
            let counts = try store.importNotes(from: Data(line.utf8))
            Issue.record("imported \(counts) despite segments \(value)")
        } catch {
            guard case .invalidRecord(_, let field, _) = error else {
                Issue.record("expected .invalidRecord, got \(error)")
                return ""
            }
            #expect(field == "segments")
            #expect(try store.notes().isEmpty)
            let message = error.localizedDescription
            #expect(!message.contains("\n"))
            return message
        }
        return ""
    }

    static func segment(_ start: Any, _ end: Any, _ text: Any = "words") -> [String: Any] {
        ["start_ms": start, "end_ms": end, "text": text]
    }

    @Test("bad segments are refused with one line naming the segment and what is wrong")
    func refused() throws {
        #expect(try refusal(Self.segment(0, 1)).contains("expected an array of segments or null, found an object"))
        #expect(try refusal([Self.segment(-5, 1)]).contains("segment 1 has a negative time"))
        #expect(try refusal([Self.segment(0, 10), Self.segment(9, 8)]).contains("segment 2 ends (8 ms) before it starts (9 ms)"))
        #expect(try refusal([Self.segment(500, 900), Self.segment(100, 200)]).contains("segment 2 starts (100 ms) before the segment ahead of it (500 ms)"))
        #expect(try refusal([Self.segment(0, 1.5)]).contains("segment 1: end_ms expected a whole number of milliseconds, found a number that is not a whole number"))
        #expect(try refusal([Self.segment(0, 1, 7)]).contains("segment 1: text expected a string, found a number"))
        #expect(try refusal([["start_ms": 0, "end_ms": 1]]).contains("segment 1: text missing"))
        #expect(try refusal([Self.segment(0, 1).merging(["speaker": "me"]) { $1 }]).contains("segment 1: 'speaker' is not a key of a segment"))
        #expect(try refusal(["words"]).contains("segment 1: expected an object, found a string"))
        #expect(try refusal([Self.segment(0, 1, "nul\u{0}")]).contains("segment 1's text cannot contain NUL"))
        #expect(try refusal([Self.segment(0, 1 << 53)]).contains("segment 1 has a time past 9007199254740991 ms"))
        let long = String(repeating: "a", count: NoteSegment.maxTextBytes / 2 + 1)
        #expect(try refusal([Self.segment(0, 1, long), Self.segment(1, 2, long)]).contains("their texts hold more than the 1048576 bytes a note keeps"))
        let many = (0...NoteSegment.maxCount).map { Self.segment($0, $0, "") }
        #expect(try refusal(many).contains("there are 20001 of them, more than the 20000 a note keeps"))
    }

    @Test("null or an empty array is a note without segments")
    func none() throws {
        for value in [NSNull(), [Any]()] as [Any] {
            let store = try ExportFixtures.emptyStore()
            let line = try ImportFixtures.record(Self.spoken()) { $0["segments"] = value }
            #expect(try store.importNotes(from: Data(line.utf8)) == ImportCounts(added: 1))
            #expect(try store.note(id: Self.spoken().id).segments == [])
        }
    }
}
