import Foundation
import SpotifyEmulator
import TestSupport
import Testing

extension Sandbox {
    /// Three notes: two pinned at different moments (one tagged, one hostile), one unpinned.
    func seedNotes() async throws {
        _ = try await take("first, \"quoted\"\ttabbed\nsecond line 🎧 שלום", "--tag", "caching")
        _ = try await take("later thought", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "31:05")
        _ = try await take("no position", env: ["MARGIN_API_URL": "http://127.0.0.1:9/v1"])
    }

    func take(_ text: String, env: [String: String]) async throws -> String {
        let result = try await run(["note", text, "--json"], env: env)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["id"] as? String ?? ""
    }
}

@Suite("export and import through the binary")
struct ExportImportTests {
    @Test("export then import into an empty store then export gives the same bytes", arguments: ["json", "jsonl"])
    func roundTrip(format: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let first = try await sandbox.margin("export", "--format", format)
            #expect(first.status == 0)
            let file = sandbox.root + "/export.\(format)"
            try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: file))
            let other = ["MARGIN_DB": sandbox.root + "/other.sqlite"]
            let imported = try await sandbox.margin("import", file, "--json", env: other)
            #expect(imported.stdout == "{\"added\":3,\"updated\":0,\"unchanged\":0,\"conflicts\":0}\n")
            let again = try await sandbox.margin("export", "--format", format, env: other)
            #expect(again.stdout == first.stdout)
            let twice = try await sandbox.margin("import", "-", env: other, stdin: first.stdout)
            #expect(twice.stdout == "Imported: 0 added, 0 updated, 3 unchanged, 0 conflicts.\n")
        }
    }

    @Test("csv and markdown carry every note in the contract's shape")
    func csvAndMarkdown() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let csv = try await sandbox.margin("export", "--format", "csv")
            #expect(csv.stdout.hasPrefix("id,text,tags,created_at,updated_at,pinned,item_type,item_id,item_uri,item_name,show_id,show_name,progress_ms,duration_ms,position,link\r\n"))
            #expect(csv.stdout.contains("\"first, \"\"quoted\"\"\ttabbed\nsecond line 🎧 שלום\",caching,"))
            let markdown = try await sandbox.margin("export", "--format", "markdown")
            #expect(markdown.stdout.contains("# Craft, Code & Curiosity\n"))
            #expect(markdown.stdout.contains("## [Ep. 42 — Naming things](https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ)\n"))
            #expect(markdown.stdout.contains("- [31:05](https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=1865) later thought · 20"))
            #expect(markdown.stdout.contains("second line 🎧 שלום #caching · 20"))
            #expect(markdown.stdout.contains("\n## Unpinned\n\n- no position · 20"))
        }
    }

    @Test("filters apply to exports")
    func filters() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            #expect(try await sandbox.margin("export", "--format", "jsonl", "--tag", "caching").stdout.split(separator: "\n").count == 1)
            #expect(try await sandbox.margin("export", "--format", "jsonl", "--episode", "512ojhOuo1ktJprKbVcKyQ").stdout.split(separator: "\n").count == 2)
            #expect(try await sandbox.margin("export", "--format", "jsonl", "--since", "2099-01-01").stdout.isEmpty)
            #expect(try await sandbox.margin("export", "--format", "yaml").status == 64)
        }
    }

    @Test("-o replaces the file whole and leaves nothing behind when it fails")
    func atomicOutput() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let target = sandbox.root + "/out/notes.json"
            try FileManager.default.createDirectory(atPath: sandbox.root + "/out", withIntermediateDirectories: true)
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            #expect(try await sandbox.margin("export", "-o", target).status == 0)
            let written = try String(contentsOfFile: target, encoding: .utf8)
            #expect(written == (try await sandbox.margin("export")).stdout)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/out") == ["notes.json"])
            let failed = try await sandbox.margin("export", "-o", sandbox.root + "/missing-dir/notes.json")
            #expect(failed.status == 1)
            #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/missing-dir"))
        }
    }

    @Test("a bad record is reported with its place and field, and nothing is imported")
    func badImport() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let lines = try await sandbox.margin("export", "--format", "jsonl").stdout.split(separator: "\n").map(String.init)
            let broken = [lines[0], lines[1].replacingOccurrences(of: "\"created_at\":\"", with: "\"created_at\":\"yesterday"), lines[2]]
            let other = ["MARGIN_DB": sandbox.root + "/other.sqlite"]
            let result = try await sandbox.margin("import", "-", env: other, stdin: broken.joined(separator: "\n") + "\n")
            #expect(result.status == 1)
            #expect(result.stderr.contains("line 2"))
            #expect(result.stderr.contains("created_at"))
            #expect(try await sandbox.notes("list", "--json", env: other).isEmpty)
            let garbage = try await sandbox.margin("import", "-", env: other, stdin: "hello")
            #expect(garbage.status == 1)
            #expect(try await sandbox.margin("import", sandbox.root + "/nope.json").status == 1)
        }
    }
}
