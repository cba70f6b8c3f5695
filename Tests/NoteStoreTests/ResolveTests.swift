import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Resolving id prefixes")
struct ResolveTests {
    static func store() throws -> NoteDatabase {
        let store = try NoteDatabase.inMemory()
        try store.insert(note("first", id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f"))
        try store.insert(note("second", id: "0b9e7777-6a8f-4d55-9d7e-2b1f3c4d5e6f"))
        try store.insert(note("third", id: "a1000000-0000-4000-8000-000000000000"))
        return store
    }

    @Test("a unique prefix names its note, in any case")
    func unique() throws {
        let store = try Self.store()
        #expect(try store.resolve(prefix: "a").text == "third")
        #expect(try store.resolve(prefix: "0b9e6").text == "first")
        #expect(try store.resolve(prefix: "0B9E7").text == "second")
        #expect(try store.resolve(prefix: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f").text == "first")
    }

    @Test("a shared prefix is ambiguous and lists the candidates")
    func ambiguous() throws {
        let store = try Self.store()
        #expect(throws: NoteStoreError.ambiguous(prefix: "0b9e", candidates: [
            "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f", "0b9e7777-6a8f-4d55-9d7e-2b1f3c4d5e6f",
        ])) { try store.resolve(prefix: "0b9e") }
    }

    @Test("an ambiguous prefix lists at most 10 candidates")
    func manyCandidates() throws {
        let store = try NoteDatabase.inMemory()
        for index in 0..<15 {
            try store.insert(note("n\(index)", id: "ff\(index < 10 ? "0" : "")\(index)-0000-4000-8000-000000000000"))
        }
        #expect {
            try store.resolve(prefix: "f")
        } throws: { error in
            guard case NoteStoreError.ambiguous("f", let candidates)? = error as? NoteStoreError else { return false }
            return candidates.count == 10 && candidates.first == "ff00-0000-4000-8000-000000000000"
        }
    }

    @Test("an unknown or empty prefix is not found")
    func unknown() throws {
        let store = try Self.store()
        #expect(throws: NoteStoreError.notFound("b")) { try store.resolve(prefix: "b") }
        #expect(throws: NoteStoreError.notFound("")) { try store.resolve(prefix: "") }
        #expect(throws: NoteStoreError.notFound("0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f0")) {
            try store.resolve(prefix: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f0")
        }
        #expect(throws: NoteStoreError.notFound("%")) { try store.resolve(prefix: "%") }
    }
}
