import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// Voice notes on a machine without a sound server: a stand-in `arecord` on PATH says a second
/// of noise, then stays silent, so each recording ends by the 2 s of silence rule; a stand-in
/// recognizer answers with fixed words.
@Suite("Voice notes through a stand-in recorder", .serialized)
struct StandInVoiceTests {
    static let words = "the bit about cache stampedes"

    @Test("note --voice and watch's v pin, pause, record, resume and save alike: one pause and one resume each")
    func sameCapture() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let env = try Self.standIns(sandbox)
            #expect(try await sandbox.margin("config", "set", "transcribe.command", sandbox.root + "/bin/stt").status == 0)

            await sandbox.emulator.clearRequestLog()
            let note = try await sandbox.margin("note", "--voice", "--json", env: env)
            #expect(note.status == 0, "\(note.stderr)")
            let byNote = await sandbox.apiRequests().map { "\($0.method) \($0.path)" }
            #expect(byNote.filter { $0 == "PUT /v1/me/player/pause" }.count == 1, "\(byNote)")
            #expect(byNote.filter { $0 == "PUT /v1/me/player/play" }.count == 1, "\(byNote)")

            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(env), in: sandbox.root)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
            await sandbox.emulator.clearRequestLog()
            try await tmux.press("v")
            // The store and the emulator's log say when the note is saved and playback resumed; the
            // footer's "saved voice note" lasts 6 s, which a loaded machine's screen reads can miss.
            try await waitFor(timeout: .seconds(60)) { (try? await sandbox.notes("list", "--tag", "voice", "--json").count) == 2 }
            try await waitFor { await sandbox.apiRequests().contains { $0.method == "PUT" && $0.path == "/v1/me/player/play" } }
            let byWatch = await sandbox.apiRequests().map { "\($0.method) \($0.path)" }
            #expect(byWatch.filter { $0 == "PUT /v1/me/player/pause" }.count == 1, "\(byWatch)")
            #expect(byWatch.filter { $0 == "PUT /v1/me/player/play" }.count == 1, "\(byWatch)")

            // Esc drops the recording: no note, no audio kept, playback resumed. The recorder talks
            // on until then, so that a loaded machine's slow screen reads cannot miss the recording.
            let talker = "#!/bin/sh\nwhile :; do head -c 3200 /dev/urandom || exit 0; sleep 0.1; done\n"
            try Data(talker.utf8).write(to: URL(fileURLWithPath: sandbox.root + "/bin/arecord"))
            try await tmux.press("v")
            try await tmux.waitForScreen { $0.contains("● voice note at") }
            try await tmux.press("Escape")
            try await tmux.waitForScreen { $0.contains("voice note cancelled; nothing was saved") }
            try await waitFor { await sandbox.emulator.currentState().playback.isPlaying }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)

            let notes = try await sandbox.notes("list", "--tag", "voice", "--json")
            #expect(notes.count == 2)
            let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/audio")
            #expect(kept.count == 2, "the dropped recording is not kept: \(kept)")
            for saved in notes {
                #expect(saved["text"] as? String == Self.words)
                #expect(saved["pinned"] as? Bool == true)
                let id = try #require(saved["id"] as? String)
                #expect(FileManager.default.fileExists(atPath: sandbox.root + "/data/margin/audio/\(id).wav"))
            }
        }
    }

    @Test("a v recording when the view ends (SIGHUP, SIGTERM, q) is kept as a note with its audio; playback resumed; no stray files",
          arguments: ["SIGHUP", "SIGTERM", "q"])
    func recordingKeptOnQuit(way: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await Self.watching(sandbox)
            defer { tmux.stop() }
            // A recorder that talks on, so that the recording is still under way when the view ends
            // however slowly a loaded machine reads the screen; the elapsed time says it has begun
            // (before Spotify answers the pause nothing is recorded, and no note is left).
            let talker = "#!/bin/sh\nwhile :; do head -c 3200 /dev/urandom || exit 0; sleep 0.1; done\n"
            try Data(talker.utf8).write(to: URL(fileURLWithPath: sandbox.root + "/bin/arecord"))
            try await tmux.press("v")
            try await tmux.waitForScreen(timeout: .seconds(60)) { $0.contains(/● voice note at [^\n]* · 0:0[1-9]/) }
            let expected: Int32
            switch way {
            case "SIGHUP": try await tmux.signalMargin(SIGHUP); expected = 128 + SIGHUP
            case "SIGTERM": try await tmux.signalMargin(SIGTERM); expected = 128 + SIGTERM
            default: try await tmux.press("q"); expected = 0
            }
            #expect(try await tmux.exitStatus() == expected)
            let notes = try await sandbox.notes("list", "--tag", "voice", "--json")
            #expect(notes.count == 1, "the recording is a note")
            let id = try #require(notes.first?["id"] as? String)
            let audio = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/audio")
            #expect(audio == ["\(id).wav"], "the audio is kept, nothing else: \(audio)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("v while Spotify is slow to pause: the note is stored at its moment before the pause is answered; SIGTERM before the recording began ends margin and leaves no empty note")
    func storedBeforeThePause() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await Self.watching(sandbox)
            defer { tmux.stop() }
            // Longer than the test and the view's 10 s of patience at its end together, however loaded the machine.
            try await sandbox.emulator.addFault(.init(kind: .delay, path: "/v1/me/player/pause", delayMs: 120_000, count: 1))
            try await tmux.press("v")
            try await tmux.waitForScreen { $0.contains("● voice note at") }
            let stored = try await eventually("the note stored", within: .seconds(30)) {
                let notes = try await sandbox.notes("list", "--json")
                return notes.isEmpty ? nil : notes
            }
            #expect(stored.count == 1, "stored while the pause is still unanswered")
            #expect(stored.first?["pinned"] as? Bool == true)
            try await tmux.signalMargin(SIGTERM)
            #expect(try await tmux.exitStatus() == 128 + SIGTERM)
            // The view ended before the recording began: nothing was said, so no note is left,
            // the same as when the pause is answered first and the recording stops empty.
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }

    @Test("the view ends while Spotify is still pausing: once the pause is answered nothing is recorded, no note is left, playback resumes")
    func endedBeforeTheRecording() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await Self.watching(sandbox)
            defer { tmux.stop() }
            // Answered well within the view's patience at its end (the recorder, once started, has
            // a second of sound ready at once).
            try await sandbox.emulator.addFault(.init(kind: .delay, path: "/v1/me/player/pause", delayMs: 3000, count: 1))
            try await tmux.press("v")
            try await tmux.waitForScreen { $0.contains("● voice note at") }
            try await waitFor { (try? await sandbox.notes("list", "--json").count) == 1 }
            try await tmux.signalMargin(SIGTERM)
            #expect(try await tmux.exitStatus() == 128 + SIGTERM)
            #expect(try await sandbox.notes("list", "--json").isEmpty, "nothing was recorded")
            let audio = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/audio")) ?? []
            #expect(audio.isEmpty, "\(audio)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("while a v note is transcribed the view goes on: the position moves, and a note typed meanwhile is saved")
    func viewGoesOnWhileTranscribing() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            // A recognizer that answers only once the test lets it: a line written to its FIFO.
            let release = sandbox.root + "/stt.release"
            try #require(mkfifo(release, 0o600) == 0)
            let tmux = try await transcribing(sandbox, then: "read go < '\(release)'\necho '\(Self.words)'")
            defer { tmux.stop() }

            // The recognizer is busy: the view still follows Spotify, and keys still work.
            try await sandbox.emulator.setPlayback(.init(progressMs: 1_800_000, isPlaying: true))
            // Seeked to 30:00 (the pin, near 12:34, depends on how long the recording took).
            try await tmux.waitForScreen { $0.contains(/▶ 3\d:\d\d/) && $0.contains("transcribing the voice note at 12:") }
            try await tmux.press("n")
            try await tmux.type("typed while the recognizer worked")
            try await tmux.press("Enter")
            try await waitFor { (try? await sandbox.notes("list", "--json").contains { $0["text"] as? String == "typed while the recognizer worked" }) == true }
            let voice = try await sandbox.notes("list", "--tag", "voice", "--json").first
            #expect(voice != nil, "the voice note is stored while its transcript is awaited")
            #expect(voice?["text"] as? String != Self.words, "the typed note was saved before the transcript")

            // The recognizer opens its FIFO when it starts: until then a writer finds no reader.
            let writer = try await eventually("the recognizer waiting on its FIFO") {
                let descriptor = open(release, O_WRONLY | O_NONBLOCK)
                return descriptor >= 0 ? descriptor : nil
            }
            #expect(write(writer, "go\n", 3) == 3)
            close(writer)
            try await waitFor { (try? await sandbox.notes("list", "--tag", "voice", "--json").first?["text"] as? String) == Self.words }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("q while a v note is transcribed: the view ends at once, the note stays pending with its recording, and margin says how to finish it")
    func quitWhileTranscribing() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await transcribing(sandbox, then: "exec sleep 60.654")
            defer { tmux.stop() }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
            let note = try #require(try await sandbox.notes("list", "--tag", "voice", "--json").first)
            let short = String((note["id"] as? String ?? "").prefix(8))
            #expect((note["voice"] as? [String: Any])?["state"] as? String == "pending")
            let told = try await tmux.history()
            #expect(told.contains("margin: voice note \(short) is saved with its recording, not yet transcribed: 'margin transcribe \(short)' finishes it"),
                    "\(told)")
            try await waitFor { (try? ProcessTable.commandLines().contains { $0.contains("sleep 60.654") }) == false }
        }
    }
}
