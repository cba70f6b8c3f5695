import Foundation
import GRDB
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

/// A push reads the store through a memory map (``NoteDatabase/mapForPush(_:)``); when it ends
/// the connection reads as it did before.
@Suite("a push's memory map")
struct PushMapTests {
    @Test("the map a push sets is put back to the size the connection had, not turned off")
    func mapPutBack() throws {
        let store = try NoteDatabase(path: try temporaryDirectory() + "/notes.sqlite")
        func size() throws -> Int { try store.writer.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") ?? -1 } }
        try store.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA mmap_size = 1048576") }

        let earlier = try store.mapForPush(1 << 30)
        #expect(try size() == 1 << 30)
        try store.mapForPush(earlier)
        #expect(earlier == 1_048_576)
        #expect(try size() == 1_048_576)
    }
}
