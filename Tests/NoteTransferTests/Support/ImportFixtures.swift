import Foundation
import Testing
@testable import NoteStore
import NoteFixtures
@testable import NoteTransfer

/// Records for import tests, built from real notes and then damaged on purpose.
enum ImportFixtures {
    /// The note object of `note` with `change` applied, as one line of JSON with sorted keys.
    static func record(_ note: Note, _ change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let parsed = try JSONSerialization.jsonObject(with: Data(NoteEncoding.object(note).utf8))
        var object = try #require(parsed as? [String: Any])
        change(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Three valid notes (pinned, unpinned, track) that a damaged record is mixed with.
    static func goodNotes() -> [Note] {
        [
            Note(id: ExportFixtures.id(101), text: "good one", tags: ["x"], createdAt: moment(100), pin: episodePin()),
            Note(id: ExportFixtures.id(102), text: "good two", createdAt: moment(101)),
            Note(id: ExportFixtures.id(103), text: "good three", createdAt: moment(102), pin: ExportFixtures.trackPin()),
        ]
    }

    /// A store with a few notes already, and a way to see that a failed import left it alone.
    struct Target {
        let store: NoteDatabase
        let jsonl: Data
        let notes: [Note]

        init() throws {
            store = try ExportFixtures.hostileStore()
            jsonl = try store.exported(.jsonl)
            notes = try store.notes()
        }

        /// True when the store holds exactly what it held before.
        func untouched() throws -> Bool {
            try store.exported(.jsonl) == jsonl && store.notes() == notes
        }
    }
}
