import Foundation
import SpotifyEmulator
import TestSupport
import Testing
import Voice

/// The Whisper engine through the built margin: the real `margin-whisper` helper with the
/// runtime and the `tiny.en` model `.ci/run` installs in /opt/margin-whisper.
@Suite("the Whisper engine end to end", .serialized)
struct WhisperEngineTests {
    /// The repository's helper; margin finds it through `MARGIN_WHISPER`.
    static let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/margin-whisper").path
    static let env = ["MARGIN_WHISPER": helper]

    static func note(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// A Python helper written for a test, run by the runtime's Python in place of margin-whisper.
    static func fakeHelper(_ sandbox: Sandbox, _ body: String) throws -> String {
        let path = sandbox.root + "/fake-whisper.py"
        try Data(body.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("auto picks Whisper when the runtime and a model are found: punctuation and capitals kept, heard (Whisper)")
    func autoPicksWhisper() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json", env: Self.env)
            #expect(result.status == 0, "\(result.stderr)")
            let note = try Self.note(result)
            let text = try #require(note["text"] as? String)
            #expect(text.hasPrefix("He was not an ") && text.hasSuffix("young man."), "\(text)")
            #expect(result.stderr.contains("heard (Whisper, a draft"), "\(result.stderr)")
            #expect(note["pinned"] as? Bool == true)
            #expect((note["voice"] as? [String: Any])?["state"] as? String == "done")
        }
    }

    @Test("--engines says what was found and where; without the runtime auto falls back to PocketSphinx and says how to install it")
    func engines() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let found = try await sandbox.margin("transcribe", "--engines", env: Self.env)
            #expect(found.status == 0, "\(found.stderr)")
            #expect(found.stdout.contains("engine: whisper, model /opt/margin-whisper/lib/"), "\(found.stdout)")
            #expect(found.stdout.contains("  runtime: /opt/margin-whisper/bin/python3"), "\(found.stdout)")
            #expect(found.stdout.contains("  helper: \(Self.helper)"), "\(found.stdout)")
            #expect(found.stdout.contains("pocketsphinx: ready"), "\(found.stdout)")

            let without = ["MARGIN_WHISPER": Self.helper, "MARGIN_WHISPER_VENV": sandbox.root + "/no-venv"]
            let missing = try await sandbox.margin("transcribe", "--engines", env: without)
            #expect(missing.stdout.contains("engine: pocketsphinx, model /usr/share/pocketsphinx/model/en-us (transcribe.engine auto)"), "\(missing.stdout)")
            #expect(missing.stdout.contains("whisper: not ready"), "\(missing.stdout)")
            #expect(missing.stdout.contains("runtime missing: python3 -m venv \(sandbox.root)/data/margin/whisper && "), "\(missing.stdout)")
            let note = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, env: without)
            #expect(note.stderr.contains("heard (PocketSphinx"), "\(note.stderr)")

            // A PocketSphinx model set keeps auto to PocketSphinx, Whisper there or not.
            #expect(try await sandbox.margin("config", "set", "transcribe.model", "/usr/share/pocketsphinx/model/en-us").status == 0)
            let sphinx = try await sandbox.margin("transcribe", "--engines", env: Self.env)
            #expect(sphinx.stdout.hasPrefix("engine: pocketsphinx, model /usr/share/pocketsphinx/model/en-us"), "\(sphinx.stdout)")
            #expect(try await sandbox.margin("config", "unset", "transcribe.model").status == 0)

            // Asked for by name, a missing Whisper is a failed transcription that says what to install.
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "whisper").status == 0)
            let asked = try await sandbox.margin("transcribe", "--engines", env: without)
            #expect(asked.stdout.contains("engine: none usable: the Whisper engine is not set up (runtime missing"), "\(asked.stdout)")
        }
    }

    @Test("transcribe.engine takes auto, whisper, pocketsphinx or command; anything else is refused naming them")
    func engineKey() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let wrong = try await sandbox.margin("config", "set", "transcribe.engine", "wisper")
            #expect(wrong.status == 64)
            #expect(wrong.stderr.contains("'wisper' is not a valid transcribe.engine: it takes one of auto, whisper, pocketsphinx or command"),
                    "\(wrong.stderr)")
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "PocketSphinx").status == 0)
            #expect(try await sandbox.margin("config", "get", "transcribe.engine").stdout == "pocketsphinx\n")
            let chosen = try await sandbox.margin("transcribe", "--engines", env: Self.env)
            #expect(chosen.stdout.hasPrefix("engine: pocketsphinx"), "\(chosen.stdout)")
        }
    }

    @Test("a model margin cannot use (a whisper.cpp ggml file) is one line naming it; the note is kept with its recording, exit 0")
    func unusableModel() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let ggml = sandbox.root + "/ggml-base.en.bin"
            try Data("lmgg".utf8).write(to: URL(fileURLWithPath: ggml))
            #expect(try await sandbox.margin("config", "set", "transcribe.model", ggml).status == 0)
            let result = try await sandbox.margin("transcribe", "--engines", env: Self.env)
            #expect(result.stdout.contains("transcribe.model '\(ggml)' is not a model margin can use: a whisper.cpp (ggml) model file"), "\(result.stdout)")
            let note = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, env: Self.env)
            #expect(note.status == 0, "\(note.stderr)")
            #expect(note.stderr.hasPrefix("margin: transcribe.model '\(ggml)' is not a model margin can use: a whisper.cpp (ggml) model file;"),
                    "\(note.stderr)")
            let kept = try await sandbox.notes("list", "--json")
            #expect(kept.count == 1)
            #expect((kept.first?["voice"] as? [String: Any])?["state"] as? String == "failed")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true, "playback resumed")
        }
    }

    @Test("margin transcribe ID --engine whisper re-transcribes a PocketSphinx note")
    func retranscribe() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "pocketsphinx").status == 0)
            let old = try Self.note(try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json", env: Self.env))
            let id = try #require(old["id"] as? String)
            #expect(old["text"] as? String == "he was not an illness those young man", "\(old)")
            let again = try await sandbox.margin("transcribe", String(id.prefix(8)), "--engine", "whisper", "--json", env: Self.env)
            #expect(again.status == 0, "\(again.stderr)")
            let redone = try Self.note(again)
            #expect((redone["text"] as? String)?.hasPrefix("He was not an ") == true, "\(redone)")
        }
    }

    @Test("a helper that crashes fails the transcription, never the note: stored with its recording, exit 0")
    func crashingHelper() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let fake = try Self.fakeHelper(sandbox, """
                import json, os, sys
                print(json.dumps({"ready": True, "model": "m", "load_ms": 1, "pid": os.getpid()}), flush=True)
                for line in sys.stdin:
                    os.abort()
                """)
            let result = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json", env: ["MARGIN_WHISPER": fake])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("crashed (aborted, signal 6); the recording is kept: 'margin transcribe "), "\(result.stderr)")
            let note = try Self.note(result)
            let voice = try #require(note["voice"] as? [String: Any])
            #expect(voice["state"] as? String == "failed")
            #expect(FileManager.default.fileExists(atPath: voice["audio"] as? String ?? ""))
        }
    }

    @Test("watch starts the helper once: one model load serves several v notes")
    func warmInWatch() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            var env = try StandInVoiceTests.standIns(sandbox)
            // The real helper, behind a line that counts its starts.
            let starts = sandbox.root + "/helper-starts"
            env["MARGIN_WHISPER"] = try Self.fakeHelper(sandbox, """
                import runpy, sys
                open("\(starts)", "a").write("started\\n")
                sys.argv[0] = "\(Self.helper)"
                runpy.run_path("\(Self.helper)", run_name="__main__")
                """)
            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(env), in: sandbox.root)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
            for count in 1...3 {
                try await tmux.press("v")
                try await waitFor(timeout: .seconds(90)) {
                    let notes = (try? await sandbox.notes("list", "--tag", "voice", "--json")) ?? []
                    return notes.count == count && notes.allSatisfy { ($0["voice"] as? [String: Any])?["state"] as? String != "pending" }
                }
            }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
            let started = (try? String(contentsOfFile: starts, encoding: .utf8)) ?? ""
            #expect(started == "started\n", "one helper for three notes: \(started)")
            try await waitFor { (try? ProcessTable.commandLines().contains { $0.contains(Self.helper) || $0.contains("fake-whisper.py") }) == false }
        }
    }

    func waitFor(timeout: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
        try await waitUntil("the condition", within: timeout) { await condition() }
    }
}
