import Foundation
import NoteStore
import NoteTransfer
import Testing
@testable import NoteSync

/// A voice note's segments travel in the hub's note JSON: pulled with the note, and held to the
/// import's rules, since a hub row is anyone's writing.
@Suite("segments through the hub")
struct SegmentSyncTests {
    static let segments = [
        NoteSegment(startMs: 0, endMs: 1800, text: "he was not an"),
        NoteSegment(startMs: 1800, endMs: 4200, text: "ill-disposed young man."),
    ]

    func stamp(_ ms: Int64, node: String = "0000000000000000") -> String {
        HybridTimestamp(wallMs: 1_767_225_600_000 + ms, counter: 0, node: node).description
    }

    func record(_ note: Note, hlc: String) -> NoteDatabase.HubRecord {
        .init(id: note.id, hlc: hlc, parts: [hlc, hlc, hlc], body: HubBody.encode(note))
    }

    /// A note's hub body with its segments replaced by `segments` (any JSON).
    func body(_ note: Note, segments: Any) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(NoteEncoding.object(note).utf8)) as? [String: Any])
        object["segments"] = segments
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test("the hub's body carries the segments but not the recording; a pull stores them, and a newer version replaces them")
    func pulled() throws {
        var spoken = Note(text: "he was not an ill-disposed young man.", tags: ["voice"], segments: Self.segments)
        spoken.voice = NoteVoice(audio: "/home/someone/audio/x.wav", durationMs: 4300, state: .done)
        let body = HubBody.encode(spoken)
        #expect(body.contains(#""voice":null,"segments":[{"start_ms":0,"end_ms":1800,"text":"he was not an"}"#), "\(body)")

        let store = try NoteDatabase.inMemory()
        _ = try store.apply([record(spoken, hlc: stamp(1))], versions: [], cursor: [:])
        #expect(try store.note(id: spoken.id).segments == Self.segments)
        #expect(try store.note(id: spoken.id).voice == nil)

        var retold = spoken
        retold.text = "He was not an ill-disposed young man."
        retold.segments = [NoteSegment(startMs: 0, endMs: 4200, text: "He was not an ill-disposed young man.")]
        retold.updatedAt = spoken.updatedAt.addingTimeInterval(60)
        _ = try store.apply([record(retold, hlc: stamp(2))], versions: [], cursor: [:])
        #expect(try store.note(id: spoken.id).segments == retold.segments)
    }

    @Test("a hub row whose segments break the rules is skipped, saying why")
    func skipped() throws {
        let check = HubRowCheck(maxDrift: .seconds(86_400), now: Date())
        let note = Note(text: "words", createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        let hlc = stamp(1)
        func problem(_ segments: Any) throws -> String? {
            check.problem(NoteDatabase.HubRecord(id: note.id, hlc: hlc, parts: [hlc, hlc, hlc], body: try body(note, segments: segments)))
        }
        #expect(try problem([["start_ms": 0, "end_ms": 10, "text": "words"]]) == nil)
        #expect(try problem([["start_ms": 50, "end_ms": 60, "text": "a"], ["start_ms": 10, "end_ms": 20, "text": "b"]])
                == "its segments are not segments: segment 2 starts (10 ms) before the segment ahead of it (50 ms): segments go in recording order")
        #expect(try problem([["start_ms": -3, "end_ms": 60, "text": "a"]]) == "its segments are not segments: segment 1 has a negative time")
        #expect(try problem([["start_ms": 9, "end_ms": 2, "text": "a"]]) == "its segments are not segments: segment 1 ends (2 ms) before it starts (9 ms)")
        #expect(try problem([["start_ms": "0", "end_ms": 2, "text": "a"]]) == "its body is not a note's JSON")
        #expect(try problem("words") == "its body is not a note's JSON")
        let many = (0...NoteSegment.maxCount).map { ["start_ms": $0, "end_ms": $0, "text": "a"] as [String: Any] }
        #expect(try problem(many) == "its segments are not segments: there are 20001 of them, more than the 20000 a note keeps")
    }

    /// A note pulled from the hub, changed here by `change`, then merged with another
    /// machine's later change of its tags: what the store holds, and the local change.
    func mergedWithRemoteTags(_ change: (inout Note) -> Void) throws -> (stored: Note, local: Note) {
        let store = try NoteDatabase.inMemory()
        let base = Note(text: "first words", tags: ["voice"], segments: [NoteSegment(startMs: 0, endMs: 900, text: "first words")])
        _ = try store.apply([record(base, hlc: stamp(1))], versions: [], cursor: [:])
        var local = try store.note(id: base.id)
        change(&local)
        try store.update(local)
        var remote = base
        remote.tags = ["voice", "idea"]
        remote.updatedAt = base.updatedAt.addingTimeInterval(1)
        let hlc = stamp(2, node: "1111111111111111")
        _ = try store.apply([.init(id: base.id, hlc: hlc, parts: [stamp(1), hlc, stamp(1)], body: HubBody.encode(remote))],
                            versions: [], cursor: [:])
        return (try store.note(id: base.id), local)
    }

    @Test("a merge keeps the segments of the text that wins")
    func merged() throws {
        // Transcribed again here, later than the hub's change of the tags.
        let (stored, local) = try mergedWithRemoteTags {
            $0.text = "First words."
            $0.segments = [NoteSegment(startMs: 0, endMs: 950, text: "First words.")]
        }
        #expect(stored.text == "First words.")
        #expect(stored.segments == local.segments)
        #expect(stored.tags == ["idea", "voice"])
    }

    @Test("new segments for the same text: a merge with another machine's tags keeps them")
    func retimedMerged() throws {
        // Transcribed again here: the same words, timed anew.
        let (stored, local) = try mergedWithRemoteTags { $0.segments = [NoteSegment(startMs: 40, endMs: 950, text: "first words")] }
        #expect(stored.text == "first words")
        #expect(stored.segments == local.segments)
        #expect(stored.tags == ["idea", "voice"])
    }
}
