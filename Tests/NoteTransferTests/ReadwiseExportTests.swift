import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Readwise export")
struct ReadwiseExportTests {
    static let header = ["Highlight", "Title", "Author", "URL", "Note", "Location", "Location Type", "Date"]

    @Test("Python's csv module reads one row per note in Readwise's columns")
    func pythonReadsRows() throws {
        let store = try ExportFixtures.hostileStore()
        let data = try store.exported(.readwise)
        let rows = try Python.csvRows(data)
        #expect(rows.first == Self.header)
        let notes = ExportFixtures.hostileNotes()
        #expect(rows.count == notes.count + 1)
        let byText = Dictionary(rows.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
        for note in notes {
            // Python's csv module turns the CRLF inside a quoted field into what it was: the
            // text comes back byte for byte, NUL, quotes, commas and scripts included.
            let row = try #require(byText[note.text], "\(note.text.debugDescription)")
            #expect(row.count == 8)
            #expect(row[4] == note.tags.map { "." + $0 }.joined(separator: " "))
            let date = NoteTimestamp.string(from: note.createdAt)
            #expect(row[7] == date.prefix(10) + " " + date.dropFirst(11).prefix(8))
            guard let pin = note.pin else {
                #expect(Array(row[1...3]) == ["Unpinned notes", "margin", ""])
                #expect(row[5] == "" && row[6] == "")
                continue
            }
            #expect(row[3] == note.link)
            #expect(row[5] == String(pin.progressMs / 1000))
            #expect(row[6] == "time_offset")
            if pin.itemType == "track" {
                #expect(row[1] == "Song, \"live\"" && row[2] == "")
            } else {
                #expect(row[1] == "Ep. 42 — Naming things" && row[2] == "Craft, Code & Curiosity")
            }
        }
    }

    @Test("rows follow RFC 4180 strictly and come by episode, in playback order")
    func strictOrder() throws {
        let store = try ExportFixtures.emptyStore()
        let episode = "512ojhOuo1ktJprKbVcKyQ"
        try store.insert(note("later moment", id: ExportFixtures.id(1), at: 0, pin: episodePin(episode, at: 90_000)))
        try store.insert(note("earlier moment", id: ExportFixtures.id(2), tags: ["b", "a"], at: 1, pin: episodePin(episode, at: 30_500)))
        try store.insert(note("offline, unnamed", id: ExportFixtures.id(3), at: 2, pin: episodePin("6bbbbbbbbbbbbbbbbbbbbb", at: 0, named: false)))
        try store.insert(note("", id: ExportFixtures.id(4), at: 3))
        let records = try CSVReader.records(store.exported(.readwise))
        let link = "https://open.spotify.com/episode/"
        #expect(records == [
            Self.header,
            ["earlier moment", "Ep. 42 — Naming things", "Craft, Code & Curiosity", "\(link)\(episode)?t=30", ".a .b", "30", "time_offset", "2026-11-21 09:15:03"],
            ["later moment", "Ep. 42 — Naming things", "Craft, Code & Curiosity", "\(link)\(episode)?t=90", nil, "90", "time_offset", "2026-11-21 09:15:02"],
            ["offline, unnamed", "spotify:episode:6bbbbbbbbbbbbbbbbbbbbb", nil, "\(link)6bbbbbbbbbbbbbbbbbbbbb?t=0", nil, "0", "time_offset", "2026-11-21 09:15:04"],
            [nil, "Unpinned notes", "margin", nil, nil, nil, nil, "2026-11-21 09:15:05"],
        ])
    }

    @Test("the filters of the other formats narrow the rows")
    func filters() throws {
        let store = try ExportFixtures.hostileStore()
        let tagged = try CSVReader.records(store.exported(.readwise, NoteFilter(tag: "hostile")))
        #expect(tagged.count - 1 == ExportFixtures.hostileNotes().filter { $0.tags.contains("hostile") }.count)
        let tracks = try CSVReader.records(store.exported(.readwise, NoteFilter(itemID: "4uLU6hMCjMI75M1A2tKUQC")))
        #expect(tracks.dropFirst().allSatisfy { $0[1] == "Song, \"live\"" })
        #expect(tracks.count > 1)
    }
}
