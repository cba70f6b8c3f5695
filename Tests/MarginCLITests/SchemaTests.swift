import Foundation
import TestSupport
import Testing

@Suite("JSON schema of the note object")
struct SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func validate(_ text: String, in sandbox: Sandbox, name: String, schema: String = "schema/note.schema.json") async throws {
        let file = sandbox.root + "/\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try await MarginProcess.run(
            [Self.repository.appendingPathComponent("scripts/validate-notes.py").path,
             Self.repository.appendingPathComponent(schema).path, file],
            environment: ProcessInfo.processInfo.environment, executable: "/usr/bin/env")
        #expect(result.status == 0, "\(name): \(result.output)")
        #expect(result.stdout.contains("0 problems"), "\(name): \(result.output)")
    }

    @Test("every --json and json/jsonl export output validates against schema/note.schema.json")
    func outputs() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            _ = try await sandbox.take("a track note")
            try await sandbox.emulator.setPlayback(.init(kind: .track, id: nil, progressMs: 5000, isPlaying: true))
            let track = try await sandbox.margin("note", "during music", "--json")
            try await validate(track.stdout, in: sandbox, name: "note.json")
            #expect(track.stdout.contains(#""item_type":"track""#))
            for (name, arguments) in [("list.json", ["list", "--json"]), ("search.json", ["search", "thought", "--json"]),
                                      ("export.json", ["export"]), ("export.jsonl", ["export", "--format", "jsonl"])] {
                let result = try await sandbox.run(arguments)
                #expect(result.status == 0)
                try await validate(result.stdout, in: sandbox, name: name)
            }
        }
    }

    @Test("the schema rejects what the contract forbids")
    func rejects() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let bad = #"{"id":"X","text":"","tags":[],"created_at":"now","updated_at":"now","pinned":false,"item_type":"episode","item_id":null,"item_uri":null,"item_name":null,"show_id":null,"show_name":null,"progress_ms":1,"duration_ms":null,"position":null,"link":null}"#
            let file = sandbox.root + "/bad.json"
            try Data(bad.utf8).write(to: URL(fileURLWithPath: file))
            let result = try await MarginProcess.run(
                [Self.repository.appendingPathComponent("scripts/validate-notes.py").path,
                 Self.repository.appendingPathComponent("schema/note.schema.json").path, file],
                environment: ProcessInfo.processInfo.environment, executable: "/usr/bin/env")
            #expect(result.status == 1)
            #expect(result.stdout.contains("created_at"))
        }
    }
}
