import Foundation
import TestSupport
import Testing

@Suite("messages that say what happened and what to do")
struct MessageFixTests {
    @Test("--ago reaching before the start pins at 0:00 and says so on stderr")
    func agoBeforeStart() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.setPlayback(.init(progressMs: 3_000, isPlaying: false))
            let result = try await sandbox.margin("note", "early", "--ago", "2h", "--json")
            #expect(result.status == 0)
            #expect(result.stderr == "margin: --ago 2h is before the start; pinned at 0:00\n")
            let note = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(note?["progress_ms"] as? Int == 0)
            let inside = try await sandbox.margin("note", "later", "--ago", "2s", "--json")
            #expect(inside.stderr.isEmpty, "\(inside.stderr)")
        }
    }

    @Test("episodes without a login suggests logging in, not --refresh")
    func episodesLoggedOut() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("pinned")
            let result = try await sandbox.margin("episodes", env: ["XDG_CONFIG_HOME": sandbox.root + "/nobody"])
            #expect(result.stderr.contains("not logged in"), "\(result.stderr)")
            #expect(result.stderr.contains("run 'margin login'"), "\(result.stderr)")
            #expect(!result.stderr.contains("--refresh"), "\(result.stderr)")
        }
    }

    @Test("-o given a folder names a file of the format, and says when the folder does not exist")
    func outputFolder() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let existing = try await sandbox.margin("export", "--format", "markdown", "-o", sandbox.root + "/")
            #expect(existing.status == 1)
            #expect(existing.stderr == """
                margin: '\(sandbox.root)/' is a directory; name a file in it, e.g. -o '\(sandbox.root)/notes.md', \
                or one file per episode with --format obsidian --dir '\(sandbox.root)/'

                """)
            let missing = try await sandbox.margin("export", "--format", "csv", "-o", sandbox.root + "/out/")
            #expect(missing.status == 1)
            #expect(missing.stderr.hasPrefix("margin: '\(sandbox.root)/out/' names a folder, and it does not exist"), "\(missing.stderr)")
            #expect(missing.stderr.contains("notes.csv"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/out"), "no file named after the folder")
        }
    }

    @Test("--dir without --format obsidian says why")
    func dirWithoutObsidian() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("export", "--dir", sandbox.root + "/vault")
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("margin: --dir needs --format obsidian: only obsidian writes a folder"), "\(result.stderr)")
        }
    }

    @Test("listen wraps the player's complaint in one line with the remedy")
    func listenPlayerFails() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let bin = sandbox.root + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let script = "#!/bin/sh\necho 'Connection failure: Connection refused' >&2\necho 'pa_context_connect() failed.' >&2\nexit 1\n"
            #expect(FileManager.default.createFile(atPath: bin + "/aplay", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
            try await ShortFlagDateTests.importing([ShortFlagDateTests.record("spoken", created: Date())], into: sandbox)
            let id = try #require(try await sandbox.notes("list", "--json").first?["id"] as? String)
            // A recording where margin keeps the note's audio is what listen plays.
            let audio = sandbox.root + "/data/margin/audio"
            try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: audio + "/\(id).wav", contents: Data("RIFF".utf8)))
            let result = try await sandbox.margin("listen", String(id.prefix(8)), env: ["PATH": bin + ":/usr/bin:/bin"])
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("margin: '\(bin)/aplay' could not play the recording (pa_context_connect() failed.; exit status 1)"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("sound server"))
        }
    }
}
