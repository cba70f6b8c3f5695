import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("A voice note's segments in the store")
struct SegmentStoreTests {
    static let segments = [
        NoteSegment(startMs: 0, endMs: 1800, text: "he was not an"),
        NoteSegment(startMs: 1800, endMs: 4200, text: "ill-disposed young man."),
    ]

    func segmentRows(_ store: NoteDatabase) throws -> Int {
        try store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note_segments") } ?? -1
    }

    @Test("stored with the note and read back everywhere; replaced by an update, removed by one without, gone with the note")
    func lifecycle() throws {
        let store = try NoteDatabase(path: try temporaryDirectory() + "/notes.db")
        var spoken = note("he was not an ill-disposed young man.", tags: ["voice"], pin: episodePin())
        spoken.voice = NoteVoice(audio: "/tmp/a.wav", durationMs: 4300, state: .done)
        spoken.segments = Self.segments
        try store.insert(spoken)
        #expect(try store.note(id: spoken.id).segments == Self.segments)
        #expect(try store.notes(NoteFilter()).first?.segments == Self.segments)
        #expect(try store.note(id: spoken.id).voice?.durationMs == 4300)

        var again = try store.note(id: spoken.id)
        again.segments = [NoteSegment(startMs: 0, endMs: 4200, text: "he was not an ill-disposed young man.")]
        try store.update(again)
        #expect(try store.note(id: spoken.id).segments == again.segments)

        // A typed note never has any, and an edit keeps what the note read from the store has.
        let typed = note("typed")
        try store.insert(typed)
        #expect(try store.note(id: typed.id).segments == [])
        var edited = try store.note(id: spoken.id)
        edited.tags = ["voice", "idea"]
        try store.update(edited)
        #expect(try store.note(id: spoken.id).segments == again.segments)

        var sphinx = try store.note(id: spoken.id)
        sphinx.segments = []
        try store.update(sphinx)
        #expect(try store.note(id: spoken.id).segments == [])
        #expect(try segmentRows(store) == 0)

        try store.update(again)
        #expect(try segmentRows(store) == 1)
        try store.delete(id: spoken.id)
        #expect(try segmentRows(store) == 0)
        #expect(try integrityProblems(store) == [])
    }

    @Test("save counts a change of segments alone as an update")
    func saveSeesSegments() throws {
        let store = try NoteDatabase.inMemory()
        var spoken = note("words", pin: episodePin())
        try store.insert(spoken)
        #expect(try store.save(spoken) == .unchanged)
        spoken.segments = [NoteSegment(startMs: 0, endMs: 10, text: "words")]
        #expect(try store.save(spoken) == .updated)
        #expect(try store.note(id: spoken.id).segments == spoken.segments)
        #expect(try store.save(spoken) == .unchanged)
    }

    @Test("migrating a store of the schema before keeps its notes, voice notes included, without segments")
    func migration() throws {
        let previous = try #require(NoteStore.migrations.dropLast().last)
        let typed = note("typed", id: "a0000000-0000-4000-8000-000000000000", tags: ["idea"], at: 1, pin: episodePin())
        var spoken = note("he was not an illness", id: "b0000000-0000-4000-8000-000000000000", tags: ["voice"], at: 2)
        let path = try storeFile(at: previous, holding: [typed, spoken])
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(sql: "INSERT INTO note_voice (note_id, audio, duration_ms, state) VALUES (?, '/tmp/b.wav', 3000, 'done')",
                           arguments: [spoken.id])
        }
        try old.close()

        let store = try NoteDatabase(path: path)
        #expect(try store.writer.read(NoteDatabase.migrator.appliedMigrations) == NoteStore.migrations)
        #expect(try store.note(id: typed.id) == typed)
        let migrated = try store.note(id: spoken.id)
        #expect(migrated == spoken)
        #expect(migrated.segments == [])
        #expect(migrated.voice == NoteVoice(audio: "/tmp/b.wav", durationMs: 3000, state: .done))
        spoken.segments = Self.segments
        try store.update(spoken)
        #expect(try store.note(id: spoken.id).segments == Self.segments)
        #expect(try integrityProblems(store) == [])
    }

    @Test("the rules segments are held to", arguments: [
        ([NoteSegment(startMs: 0, endMs: 0, text: "")], nil),
        ([NoteSegment(startMs: 0, endMs: 5, text: "a"), NoteSegment(startMs: 0, endMs: 3, text: "b")], nil),
        ([NoteSegment(startMs: -1, endMs: 5, text: "a")], "segment 1 has a negative time"),
        ([NoteSegment(startMs: 6, endMs: 5, text: "a")], "segment 1 ends (5 ms) before it starts (6 ms)"),
        ([NoteSegment(startMs: 6, endMs: 9, text: "a"), NoteSegment(startMs: 5, endMs: 9, text: "b")],
         "segment 2 starts (5 ms) before the segment ahead of it (6 ms): segments go in recording order"),
    ] as [([NoteSegment], String?)])
    func rules(_ segments: [NoteSegment], _ problem: String?) {
        #expect(NoteSegment.problem(segments) == problem)
    }

    @Test("the stored JSON is the note object's form, and reads back")
    func json() {
        let segments = [NoteSegment(startMs: 1, endMs: 2, text: "a \"quote\"\n\u{1}é/")]
        let json = NoteSegment.json(segments)
        #expect(json == #"[{"start_ms":1,"end_ms":2,"text":"a \"quote\"\n\u0001é/"}]"#)
        #expect(NoteSegment.segments(json: json) == segments)
    }
}
