import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("margin note in the editor")
struct EditorCaptureTests {
    @Test("with no text on a terminal, opens $EDITOR with playback paused, resumes after, and pins the moment it opened")
    func editorPath() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let start = await sandbox.progress()
            // The editor records whether Spotify was paused while it was open, then writes the note.
            let editor = sandbox.root + "/editor"
            let script = """
                #!/bin/sh
                curl -s "\(sandbox.baseURL.absoluteString)/emulator/state" > "\(sandbox.root)/state-while-editing.json"
                printf 'written in the editor\\n' > "$1"
                """
            _ = FileManager.default.createFile(atPath: editor, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
            let result = try await MarginProcess.run(
                ["-qefc", "'\(MarginProcess.marginPath)' note --json", "/dev/null"],
                environment: sandbox.environment(["EDITOR": editor]), executable: "/usr/bin/script")
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains(#""text":"written in the editor""#))
            let during = try String(contentsOfFile: sandbox.root + "/state-while-editing.json", encoding: .utf8)
            #expect(during.contains(#""is_playing":false"#))
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
            let progress = try #require(try await sandbox.notes("list", "--json").first?["progress_ms"] as? Int)
            let state = try #require(try JSONSerialization.jsonObject(with: Data(during.utf8)) as? [String: Any])
            let pausedAt = try #require((state["playback"] as? [String: Any])?["progress_ms"] as? Int)
            #expect(progress >= start - 1000 && progress <= pausedAt + 1000, "pinned when the editor opened: \(start) ≤ \(progress) ≤ \(pausedAt)")
        }
    }

    @Test("an empty editor result saves nothing and says so")
    func emptyEditor() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await MarginProcess.run(
                ["-qefc", "'\(MarginProcess.marginPath)' note", "/dev/null"],
                environment: sandbox.environment(["EDITOR": "/bin/true"]), executable: "/usr/bin/script")
            #expect(result.status == 1)
            #expect(result.stdout.contains("empty"))
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }
}
