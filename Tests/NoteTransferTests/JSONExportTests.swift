import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("JSON and JSON Lines export")
struct JSONExportTests {
    @Test("json is an array with one object per line, oldest first, ties by id")
    func jsonShape() throws {
        let store = try ExportFixtures.hostileStore()
        let text = try store.exportedText(.json)
        let notes = ExportFixtures.hostileNotes().sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        let expected = "[\n" + notes.map(NoteEncoding.object).joined(separator: ",\n") + "\n]\n"
        #expect(text == expected)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["text"] as? String } == notes.map(\.text))
        #expect(parsed.map { $0["id"] as? String } == notes.map(\.id))
    }

    @Test("jsonl is one object per line, each ending in a newline")
    func jsonlShape() throws {
        let store = try ExportFixtures.hostileStore()
        let text = try store.exportedText(.jsonl)
        let notes = ExportFixtures.hostileNotes().sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        #expect(text == notes.map { NoteEncoding.object($0) + "\n" }.joined())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == notes.count + 1)
        #expect(lines.last == "")
        for (line, note) in zip(lines, notes) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["text"] as? String == note.text)
        }
    }

    @Test("an empty store exports [] for json, nothing for jsonl and markdown, the header for readwise")
    func empty() throws {
        let store = try ExportFixtures.emptyStore()
        #expect(try store.exportedText(.json) == "[]\n")
        #expect(try store.exported(.jsonl).isEmpty)
        #expect(try store.exported(.markdown).isEmpty)
        #expect(try store.exportedText(.readwise) == "Highlight,Title,Author,URL,Note,Location,Location Type,Date\r\n")
        #expect(throws: VaultExportError.needsDirectory) { try store.exported(.obsidian) }
    }

    @Test("filters apply to every format; a limit keeps the newest, listed oldest first")
    func filters() throws {
        let store = try ExportFixtures.hostileStore()
        let notes = ExportFixtures.hostileNotes()
        func ids(_ filter: NoteFilter) throws -> [String] {
            try store.exportedText(.jsonl, filter).split(separator: "\n").map { String($0.dropFirst(7).prefix(36)) }
        }
        let byCreation = notes.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        #expect(try ids(NoteFilter(pinned: false)) == byCreation.filter { !$0.pinned }.map(\.id))
        #expect(try ids(NoteFilter(showID: "5CfCWKI5pZ28U0uOzXkDHe"))
            == byCreation.filter { $0.pin?.showID != nil }.map(\.id))
        #expect(try ids(NoteFilter(itemID: "4uLU6hMCjMI75M1A2tKUQC"))
            == byCreation.filter { $0.pin?.itemType == "track" }.map(\.id))
        #expect(try ids(NoteFilter(tag: "hostile")) == byCreation.filter { $0.tags.contains("hostile") }.map(\.id))
        #expect(try ids(NoteFilter(since: moment(5))) == byCreation.filter { $0.createdAt >= moment(5) }.map(\.id))
        #expect(try ids(NoteFilter(limit: 3)) == byCreation.suffix(3).map(\.id))
        let csv = try CSVReader.records(store.exported(.csv, NoteFilter(pinned: true)))
        #expect(csv.dropFirst().map { $0[0] } == byCreation.filter(\.pinned).map(\.id))
        let markdown = try store.exportedText(.markdown, NoteFilter(pinned: false))
        #expect(markdown.hasPrefix("## Unpinned\n\n- "))
    }

    @Test("exporting 20 000 notes streams them in many bounded chunks")
    func streaming() throws {
        let store = try ExportFixtures.emptyStore()
        let notes = (0..<20_000).map { index in
            Note(id: ExportFixtures.id(index), text: "note \(index) " + String(repeating: "x", count: index % 300),
                 tags: ["bulk"], createdAt: moment(Double(index)), pin: index % 2 == 0 ? episodePin(at: index) : nil)
        }
        try store.save(contentsOf: notes)
        for format in ExportFormat.allCases where !format.writesDirectory {
            var chunks: [Int] = []
            var total = 0
            try store.export(NoteFilter(), format: format) { chunk in
                chunks.append(chunk.count)
                total += chunk.count
            }
            #expect(chunks.count > 20, "\(format)")
            #expect(chunks.dropLast().allSatisfy { $0 >= NoteDatabase.exportChunkSize }, "\(format)")
            #expect(chunks.allSatisfy { $0 < NoteDatabase.exportChunkSize + 2048 }, "\(format)")
            #expect(total == (try store.exported(format).count))
        }
    }

    @Test("an error thrown by the sink ends the export and comes back unchanged")
    func sinkError() throws {
        struct Full: Error {}
        let store = try ExportFixtures.hostileStore()
        #expect(throws: Full.self) {
            try store.export(NoteFilter(), format: .jsonl) { _ in throw Full() }
        }
    }
}
