import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// `margin note` and `margin edit` with the editor on a real terminal (tmux), as a user runs
/// them: the editor reads the terminal as vim does, and signals reach margin mid-edit.
@Suite("the editor on a terminal", .serialized)
struct EditorTerminalTests {
    /// Writes an editor script into the sandbox and returns its path.
    func editor(_ sandbox: Sandbox, _ body: String) throws -> String {
        let path = sandbox.root + "/editor"
        guard FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n\(body)\n".utf8), attributes: [.posixPermissions: 0o755])
        else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    func start(_ sandbox: Sandbox, _ arguments: [String], editor: String) async throws -> TmuxSession {
        try await TmuxSession.start(arguments, environment: sandbox.environment(["EDITOR": editor]), in: sandbox.root)
    }

    /// margin with `arguments` (`note`, `edit ID`) and an editor that saves `saved`, then stays
    /// open (sleep is the editor from then on, as vim would be); returns once the editor is open.
    func editorHolding(_ sandbox: Sandbox, _ arguments: [String] = ["note"], saved: String) async throws -> TmuxSession {
        let editor = try editor(sandbox, """
            printf '\(saved)\\n' > "$1"
            echo editor-open
            exec sleep 60.123
            """)
        let tmux = try await start(sandbox, arguments, editor: editor)
        try await tmux.waitForScreen { $0.contains("editor-open") }
        return tmux
    }

    /// Whether the editor (the `sleep` it became) is still running.
    func editorOutlived() throws -> Bool {
        try ProcessTable.commandLines().contains { $0.contains("sleep 60.123") }
    }

    /// Polls `read` every 100 ms until it gives a value, up to `tries` times.
    func eventually<T>(tries: Int = 100, _ read: () async throws -> T?) async throws -> T? {
        try? await TestSupport.eventually("a value", within: .milliseconds(100) * tries) { try await read() }
    }

    @Test("an editor that reads the terminal, as vim does, gets it: margin note finishes with its text, playback resumed")
    func readsTheTerminal() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let editor = try editor(sandbox, """
                printf 'type the note: ' > /dev/tty
                IFS= read -r line < /dev/tty
                printf '%s\\n' "$line" > "$1"
                """)
            let tmux = try await start(sandbox, ["note"], editor: editor)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains("type the note:") }
            #expect(await sandbox.emulator.currentState().playback.isPlaying == false, "paused while the editor is open")
            try await tmux.type("typed on the terminal")
            try await tmux.press("Enter")
            #expect(try await tmux.exitStatus() == 0)
            #expect(try await sandbox.notes("list", "--json").first?["text"] as? String == "typed on the terminal")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("SIGTERM, SIGHUP or Ctrl-C while the editor is open: what it saved is the note, playback resumes, 128 + signal",
          arguments: ["SIGTERM", "SIGHUP", "C-c"])
    func signalMidEdit(way: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await editorHolding(sandbox, saved: "saved before the signal")
            defer { tmux.stop() }
            let expected: Int32
            switch way {
            case "SIGTERM": try await tmux.signalMargin(SIGTERM); expected = 128 + SIGTERM
            case "SIGHUP": try await tmux.signalMargin(SIGHUP); expected = 128 + SIGHUP
            default: try await tmux.press("C-c"); expected = 128 + SIGINT
            }
            #expect(try await tmux.exitStatus() == expected)
            #expect(try await sandbox.notes("list", "--json").first?["text"] as? String == "saved before the signal")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
            #expect(try !editorOutlived(), "the editor did not outlive margin")
        }
    }

    @Test("the terminal closes while the editor is open (SIGHUP to the whole group): what it saved is the note, playback resumes")
    func terminalCloses() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await editorHolding(sandbox, saved: "saved before the terminal closed")
            defer { tmux.stop() }
            try await tmux.tmux(["kill-session", "-t", "w"])
            // The note is stored, empty, before the editor opens; its text comes once margin has read the file.
            let text = try await eventually {
                (try await sandbox.notes("list", "--json").first?["text"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            }
            #expect(text == "saved before the terminal closed")
            let playing = try await eventually(tries: 50) { await sandbox.emulator.currentState().playback.isPlaying ? true : nil }
            #expect(playing == true, "playback resumed")
            #expect(try !editorOutlived(), "the editor did not outlive margin")
        }
    }

    @Test("margin killed outright while the editor is open: the note is already stored at its moment, and margin edit reopens what the editor saved")
    func killedMidEdit() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await editorHolding(sandbox, saved: "saved before margin died")
            defer { tmux.stop() }
            try await tmux.signalMargin(SIGKILL)
            let notes = try await sandbox.notes("list", "--json")
            #expect(notes.count == 1, "the note was stored before the editor opened")
            let note = try #require(notes.first)
            #expect(note["text"] as? String == "")
            #expect(note["progress_ms"] as? Int != nil, "pinned at the moment the editor opened")
            let id = try #require(note["id"] as? String)
            #expect(try await sandbox.margin("list").stdout.contains("margin edit"), "the empty note says how to finish it")

            // The draft outlived margin: editing the note with an editor that changes nothing stores it.
            let result = try await MarginProcess.run(
                ["-qefc", "'\(MarginProcess.marginPath)' edit \(id.prefix(8))", "/dev/null"],
                environment: sandbox.environment(["EDITOR": "/bin/true"]), executable: "/usr/bin/script")
            #expect(result.status == 0, "\(result.stdout)")
            #expect(try await sandbox.notes("list", "--json").first?["text"] as? String == "saved before margin died")
            let drafts = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/drafts")) ?? []
            #expect(drafts.isEmpty, "the draft is gone once its text is stored: \(drafts)")
        }
    }

    @Test("an editor that fails keeps its draft on disk and names it; nothing stored, playback resumed")
    func failedEditorKeepsDraft() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let editor = try editor(sandbox, "printf 'half a thought\\n' > \"$1\"\nexit 3")
            let tmux = try await start(sandbox, ["note"], editor: editor)
            defer { tmux.stop() }
            #expect(try await tmux.exitStatus() == 1)
            let screen = try await tmux.screen().replacingOccurrences(of: "\n", with: "")
            let path = try #require(screen.range(of: #"/\S*drafts/[0-9a-f-]+\.md"#, options: .regularExpression).map { String(screen[$0]) },
                                    "the kept draft is named: \(screen)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "half a thought\n")
            #expect(try await sandbox.notes("list", "--json").isEmpty)
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("margin edit: SIGTERM while the editor is open keeps the new text it saved, exit 143")
    func editSignal() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let id = try await sandbox.take("the old text")
            let tmux = try await editorHolding(sandbox, ["edit", id], saved: "the new text")
            defer { tmux.stop() }
            try await tmux.signalMargin(SIGTERM)
            #expect(try await tmux.exitStatus() == 128 + SIGTERM)
            #expect(try await sandbox.notes("list", "--json").first?["text"] as? String == "the new text")
        }
    }
}
