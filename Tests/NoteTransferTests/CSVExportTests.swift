import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("CSV export")
struct CSVExportTests {
    @Test("hostile text reads back through a strict RFC 4180 reader, field for field")
    func hostile() throws {
        let store = try ExportFixtures.hostileStore()
        let records = try CSVReader.records(store.exported(.csv))
        #expect(records.first == NoteEncoding.keys.map { Optional($0) })
        let notes = ExportFixtures.hostileNotes().sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        try #require(records.count == notes.count + 1)
        for (record, note) in zip(records.dropFirst(), notes) {
            #expect(record.count == 16)
            #expect(record[0] == note.id)
            #expect(record[1] == note.text)
            #expect(record[2] == (note.tags.isEmpty ? nil : note.tags.joined(separator: ";")))
            #expect(record[3] == NoteTimestamp.string(from: note.createdAt))
            #expect(record[5] == (note.pinned ? "true" : "false"))
            #expect(record[6] == note.pin?.itemType)
            #expect(record[9] == note.pin?.itemName)
            #expect(record[11] == note.pin?.showName)
            #expect(record[12] == note.pin.map { String($0.progressMs) })
            #expect(record[14] == note.position)
            #expect(record[15] == note.link)
        }
    }

    @Test("quoting: only fields that need it; null is empty, an empty string is \"\"")
    func quoting() throws {
        let store = try ExportFixtures.emptyStore()
        try store.insert(Note(id: ExportFixtures.id(1), text: "plain", createdAt: moment()))
        try store.insert(Note(id: ExportFixtures.id(2), text: "", tags: ["a", "b"], createdAt: moment(1)))
        try store.insert(Note(id: ExportFixtures.id(3), text: "x \"y\"\r\nz, ", createdAt: moment(2)))
        let text = try store.exportedText(.csv)
        let header = "id,text,tags,created_at,updated_at,pinned,item_type,item_id,item_uri,item_name,"
            + "show_id,show_name,progress_ms,duration_ms,position,link\r\n"
        let stamp = { (offset: Double) in NoteTimestamp.string(from: moment(offset)) }
        #expect(text == header
            + "00000000-0000-4000-8000-000000000001,plain,,\(stamp(0)),\(stamp(0)),false,,,,,,,,,,\r\n"
            + "00000000-0000-4000-8000-000000000002,\"\",a;b,\(stamp(1)),\(stamp(1)),false,,,,,,,,,,\r\n"
            + "00000000-0000-4000-8000-000000000003,\"x \"\"y\"\"\r\nz, \",,\(stamp(2)),\(stamp(2)),false,,,,,,,,,,\r\n")
    }

    @Test("an empty store exports the header row alone")
    func empty() throws {
        let records = try CSVReader.records(ExportFixtures.emptyStore().exported(.csv))
        #expect(records == [NoteEncoding.keys.map { Optional($0) }])
    }
}
