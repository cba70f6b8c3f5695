import Foundation
import TestSupport
import Testing

@Suite("margin import says which notes kept their stored version")
struct ImportConflictTests {
    @Test("a record with an existing id, other text and an older updated_at is a conflict, named by id")
    func conflictReported() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let id = try await sandbox.take("the stored version")
            var exported = try #require(try await sandbox.notes("list", "--json").first)
            exported["text"] = "an older version from elsewhere"
            exported["updated_at"] = "2020-01-01T00:00:00.000Z"
            exported["created_at"] = "2020-01-01T00:00:00.000Z"
            let line = String(decoding: try JSONSerialization.data(withJSONObject: exported), as: UTF8.self)

            let json = try await sandbox.margin("import", "-", "--json", stdin: line + "\n")
            #expect(json.stdout == "{\"added\":0,\"updated\":0,\"unchanged\":0,\"conflicts\":1}\n")
            let human = try await sandbox.margin("import", "-", stdin: line + "\n")
            #expect(human.stdout == "Imported: 0 added, 0 updated, 0 unchanged, 1 conflict.\n")
            #expect(human.stderr.contains("kept the stored version of 1 note") && human.stderr.contains(String(id.prefix(8))))
            #expect(try await sandbox.object("show", id, "--json")["text"] as? String == "the stored version")
        }
    }
}
