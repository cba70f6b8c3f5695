import Foundation
import TestSupport
import Testing

@Suite("export --format obsidian and readwise through the binary")
struct ObsidianReadwiseTests {
    @Test("obsidian writes a file per episode, then updates margin's part and keeps the user's edits")
    func obsidian() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let vault = sandbox.root + "/vault/Podcasts"
            let first = try await sandbox.margin("export", "--format", "obsidian", "--dir", vault)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.isEmpty)
            #expect(first.stderr == "Exported 2 files to '\(vault)' (2 new, 0 updated, 0 unchanged).\n")
            let episodeFile = vault + "/Craft, Code & Curiosity - Ep. 42 — Naming things.md"
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: vault))
                == ["Craft, Code & Curiosity - Ep. 42 — Naming things.md", "Unpinned notes.md"], "no temporary file left")
            let text = try String(contentsOfFile: episodeFile, encoding: .utf8)
            #expect(text.hasPrefix("---\nshow: \"Craft, Code & Curiosity\"\nepisode: \"Ep. 42 — Naming things\"\n"))
            #expect(text.contains("\n- [31:05](https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=1865) later thought · 20"))
            #expect(text.contains("second line 🎧 שלום #caching · 20"))

            try Data((text + "\nMy own words.\n").utf8).write(to: URL(fileURLWithPath: episodeFile))
            _ = try await sandbox.take("a note added later", "--episode", "512ojhOuo1ktJprKbVcKyQ", "--at", "45:00")
            let second = try await sandbox.margin("export", "--format", "obsidian", "--dir", vault)
            #expect(second.stderr == "Exported 2 files to '\(vault)' (0 new, 1 updated, 1 unchanged).\n")
            let updated = try String(contentsOfFile: episodeFile, encoding: .utf8)
            #expect(updated.contains("?t=2700) a note added later · 20"))
            #expect(updated.hasSuffix("<!-- margin:end -->\n\nMy own words.\n"))
        }
    }

    @Test("--dir goes with obsidian alone, and obsidian needs it", arguments: [
        ["--format", "obsidian"], ["--format", "obsidian", "--dir", "v", "-o", "f.md"], ["--format", "markdown", "--dir", "v"], ["--dir", "v"],
    ])
    func usage(arguments: [String]) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.run(["export"] + arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains("--dir"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/v"))
        }
    }

    @Test("readwise writes Readwise's columns, one row per note")
    func readwise() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let result = try await sandbox.margin("export", "--format", "readwise")
            #expect(result.status == 0)
            let rows = result.stdout.components(separatedBy: "\r\n")
            #expect(rows.first == "Highlight,Title,Author,URL,Note,Location,Location Type,Date")
            #expect(result.stdout.contains(
                "\"first, \"\"quoted\"\"\ttabbed\nsecond line 🎧 שלום\",Ep. 42 — Naming things,\"Craft, Code & Curiosity\",https://open.spotify.com/episode/"))
            #expect(result.stdout.contains("later thought,Ep. 42 — Naming things,\"Craft, Code & Curiosity\",https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=1865,,1865,time_offset,20"))
            #expect(result.stdout.contains("\r\nno position,Unpinned notes,margin,,,,,20"))
            #expect(result.stdout.contains(",.caching,"))
        }
    }
}
