import Foundation
import Synchronization
import TestSupport
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Concurrent writers")
struct ConcurrencyTests {
    @Test("two stores on one file, writing 200 notes each at once, keep all 400")
    func twoPools() async throws {
        let path = try temporaryDirectory() + "/notes.sqlite"
        let first = try NoteDatabase(path: path)
        let second = try NoteDatabase(path: path)
        async let a: Void = Task.detached {
            for index in 0..<200 { try first.insert(note("first \(index)", tags: ["first"], at: Double(index))) }
        }.value
        async let b: Void = Task.detached {
            for index in 0..<200 { try second.insert(note("second \(index)", tags: ["second"], at: Double(index))) }
        }.value
        _ = try await (a, b)
        let reopened = try NoteDatabase(path: path)
        #expect(try reopened.count() == 400)
        #expect(try reopened.count(NoteFilter(tag: "second")) == 200)
        #expect(try reopened.search("first").count == 20)
    }

    @Test("sixteen stores opening a brand-new file at once all migrate it and write")
    func stampede() throws {
        let path = try temporaryDirectory() + "/fresh/notes.sqlite"
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            do {
                let store = try NoteDatabase(path: path)
                for index in 0..<10 { try store.insert(note("worker \(worker) note \(index)")) }
            } catch {
                failures.withLock { $0.append("\(worker): \(error.localizedDescription)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try NoteDatabase(path: path).count() == 160)
    }
}
