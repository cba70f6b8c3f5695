import Foundation
import SpotifyEmulator
import Testing

/// `margin note --voice` from "the microphone": a real PulseAudio server whose null sink's
/// monitor is the default source, with real speech played into the sink by paplay.
@Suite("Voice notes recorded through a sound server", .serialized)
struct VoiceRecordingTests {
    static let clip = VoiceNoteTests.clip
    /// 7.1 s: "and mister john dashwood had then leisure to consider how much there might be…"
    static let longClip = VoiceNoteTests.librivox + "/sense_and_sensibility_01_austen_64kb-0870.wav"

    /// Starts `margin note --voice` (its store named after the sandbox, so that a test can
    /// signal this process alone), waits until it records, and plays `file` into the sink.
    static func record(_ sandbox: Sandbox, _ pulse: PulseServer, playing file: String, extra: [String] = [],
                       whilePlaying: @Sendable () async throws -> Void = {}) async throws -> ProcessResult {
        let arguments = ["note", "--voice", "--db", sandbox.root + "/voice.sqlite", "--json"] + extra
        async let margin = sandbox.run(arguments, env: pulse.environment)
        try await pulse.waitForRecorder()
        async let played = pulse.tool("paplay", file)
        try await whilePlaying()
        _ = try await played
        return try await margin
    }

    static func note(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    static func audioSeconds(_ sandbox: Sandbox, _ note: [String: Any]) throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.root + "/audio/\(note["id"] as? String ?? "").wav"))
        return Double(data.count - 44) / 32_000
    }

    @Test("records until 2 s of silence after the speech, paused meanwhile, and transcribes what was said")
    func untilSilence() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let result = try await Self.record(sandbox, pulse, playing: Self.clip)
        #expect(result.status == 0, "\(result.stderr)")
        let note = try Self.note(result)
        #expect(note["pinned"] as? Bool == true)
        let text = note["text"] as? String ?? ""
        #expect(VoiceNoteTests.wordErrorRate(text, VoiceNoteTests.words) <= 0.5, "\(text)")
        // The clip (2.9 s) and the silence that ended it: the recording holds what the server
        // sent in real time, more when a loaded machine reads it late, but far less than the
        // 120 s limit that ends a recording nothing stops.
        let seconds = try Self.audioSeconds(sandbox, note)
        #expect(seconds > 4.5 && seconds < 15, "\(seconds) s")
        let requests = await sandbox.apiRequests().map { "\($0.method) \($0.path)" }
        #expect(requests.filter { $0 == "PUT /v1/me/player/pause" }.count == 1, "\(requests)")
        #expect(requests.filter { $0 == "PUT /v1/me/player/play" }.count == 1, "\(requests)")
        #expect(await sandbox.emulator.currentState().playback.isPlaying == true)

        // listen plays it back through the same server.
        let listened = try await sandbox.run(["listen", String((note["id"] as? String ?? "").prefix(8)), "--db", sandbox.root + "/voice.sqlite"],
                                             env: pulse.environment)
        #expect(listened.status == 0, "\(listened.stderr)")
    }

    @Test("Ctrl-C, SIGTERM or SIGHUP ends the recording: what was said so far is the note, playback resumes, 128 + signal",
          arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)])
    func interrupted(name: String, signal: Int32) async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let store = sandbox.root + "/voice.sqlite"
        let result = try await Self.record(sandbox, pulse, playing: Self.longClip) {
            // The null sink hands its monitor the sound up to 2 s late: 4.5 s into the 7.1 s
            // clip, the recording holds a few seconds of it.
            try await Task.sleep(for: .seconds(4.5))
            _ = try await MarginProcess.run(["-\(name)", "-f", "margin note --voice --db \(store)"], environment: [:], executable: "/usr/bin/pkill")
        }
        #expect(result.status == 128 + signal, "\(result.stderr)")
        let note = try Self.note(result)
        let seconds = try Self.audioSeconds(sandbox, note)
        #expect(seconds > 1.5 && seconds < 7, "\(seconds) s: cut short by Ctrl-C, not by silence")
        #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
    }

    @Test("the sound server going away mid-recording: the note keeps what was recorded, with a warning; playback resumes")
    func serverGone() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let result = try await Self.record(sandbox, pulse, playing: Self.longClip) {
            try await Task.sleep(for: .seconds(4))
            pulse.crash()
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the recorder 'parecord' stopped by itself after"), "\(result.stderr)")
        #expect(result.stderr.contains("the note keeps what was recorded"))
        let note = try Self.note(result)
        let seconds = try Self.audioSeconds(sandbox, note)
        #expect(seconds > 1 && seconds < 5, "\(seconds) s")
        #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
    }

    @Test("--max ends a recording that goes on")
    func limit() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let result = try await Self.record(sandbox, pulse, playing: Self.longClip, extra: ["--max", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stopped at the 2 s limit (--max)"))
        #expect(try Self.audioSeconds(sandbox, try Self.note(result)) == 2)
    }

    @Test("on a terminal, a level meter and the elapsed time show while recording, and are cleared after")
    func levelMeter() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let command = "'\(MarginProcess.marginPath)' note --voice"
        async let margin = MarginProcess.run(["-qefc", command, "/dev/null"], environment: sandbox.environment(pulse.environment),
                                             executable: "/usr/bin/script")
        try await pulse.waitForRecorder()
        _ = try await pulse.tool("paplay", Self.clip)
        let result = try await margin
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Recording: say the note. Enter or Ctrl-C ends it"), "\(result.stdout)")
        #expect(result.stdout.contains("● 0:0") && result.stdout.contains("of 120 s max"), "\(result.stdout)")
        #expect(result.stdout.contains("\r\u{1B}[2K"), "the meter's line is cleared")
        #expect(result.stdout.contains("Saved "))
    }

    @Test("a sound server that is not there is one line naming the recorder, and no note")
    func noServer() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let result = try await sandbox.margin("note", "--voice", env: ["PULSE_SERVER": "unix:" + sandbox.root + "/no-such-socket"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the recorder 'parecord' failed"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try await sandbox.notes("list", "--json").isEmpty)
    }
}

@Suite("v in the interactive watch", .serialized)
struct WatchVoiceTests {
    @Test("v pins at the key press, pauses, records until Enter, resumes and saves the transcript; Esc drops one")
    func voiceInWatch() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(pulse.environment), in: sandbox.root)
        defer { tmux.stop() }
        try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
        await sandbox.emulator.clearRequestLog()

        let atPress = await sandbox.progress()
        try await tmux.press("v")
        try await tmux.waitForScreen { $0.contains("● voice note at") }
        try await pulse.waitForRecorder()
        _ = try await pulse.tool("paplay", VoiceNoteTests.clip)
        try await tmux.press("Enter")
        let screen = try await tmux.waitForScreen(timeout: .seconds(60)) { $0.contains("saved voice note") }
        let saved = try #require(try await sandbox.notes("list", "--tag", "voice", "--json").first, "\(screen)")
        #expect(VoiceNoteTests.wordErrorRate(saved["text"] as? String ?? "", VoiceNoteTests.words) <= 0.5, "\(saved)")
        let progress = try #require(saved["progress_ms"] as? Int)
        #expect(abs(progress - atPress) <= 1500, "pinned at the key press (\(atPress)): \(progress)")
        let id = try #require(saved["id"] as? String)
        #expect(FileManager.default.fileExists(atPath: sandbox.root + "/data/margin/audio/\(id).wav"))
        let requests = await sandbox.apiRequests().map { "\($0.method) \($0.path)" }
        #expect(requests.filter { $0 == "PUT /v1/me/player/pause" }.count == 1, "\(requests)")
        #expect(requests.filter { $0 == "PUT /v1/me/player/play" }.count == 1, "\(requests)")

        try await tmux.press("v")
        try await tmux.waitForScreen { $0.contains("● voice note at") }
        try await pulse.waitForRecorder()
        try await tmux.press("Escape")
        try await tmux.waitForScreen { $0.contains("voice note cancelled") }
        #expect(try await sandbox.notes("list", "--tag", "voice", "--json").count == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/audio")
        #expect(kept == ["\(id).wav"], "the dropped recording is not kept")

        try await tmux.press("q")
        #expect(try await tmux.exitStatus() == 0)
    }
}

/// Voice notes on a machine without a sound server: a stand-in `arecord` on PATH says a second
/// of noise, then stays silent, so each recording ends by the 2 s of silence rule; a stand-in
/// recognizer answers with fixed words.
@Suite("Voice notes through a stand-in recorder", .serialized)
struct StandInVoiceTests {
    static let words = "the bit about cache stampedes"

    /// The stand-ins in the sandbox, and the environment that puts them first on PATH.
    static func standIns(_ sandbox: Sandbox) throws -> [String: String] {
        let bin = sandbox.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let recorder = "#!/bin/sh\nhead -c 32000 /dev/urandom\nwhile :; do head -c 3200 /dev/zero || exit 0; sleep 0.1; done\n"
        let recognizer = "#!/bin/sh\n[ -f \"$1\" ] || exit 2\necho '\(words)'\n"
        for (name, body) in [("arecord", recorder), ("stt", recognizer)] {
            guard FileManager.default.createFile(atPath: bin + "/" + name, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
            else { throw CocoaError(.fileWriteUnknown) }
        }
        return ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// The interactive view on a terminal, with the stand-in recorder and recognizer, once it
    /// shows the episode and its keys.
    static func watching(_ sandbox: Sandbox) async throws -> TmuxSession {
        let env = try standIns(sandbox)
        #expect(try await sandbox.margin("config", "set", "transcribe.command", sandbox.root + "/bin/stt").status == 0)
        let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(env), in: sandbox.root)
        do {
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
        } catch {
            tmux.stop()
            throw error
        }
        return tmux
    }

    @Test("note --voice and watch's v pin, pause, record, resume and save alike: one pause and one resume each")
    func sameCapture() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
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

    @Test("a v recording when the view ends (SIGHUP, SIGTERM, q) is kept as a note with its audio; playback resumed; no stray files",
          arguments: ["SIGHUP", "SIGTERM", "q"])
    func recordingKeptOnQuit(way: String) async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
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

    @Test("v while Spotify is slow to pause: the note is stored at its moment before the pause is answered; SIGTERM before the recording began ends margin and leaves no empty note")
    func storedBeforeThePause() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        let tmux = try await Self.watching(sandbox)
        defer { tmux.stop() }
        // Longer than the test and the view's 10 s of patience at its end together, however loaded the machine.
        try await sandbox.emulator.addFault(.init(kind: .delay, path: "/v1/me/player/pause", delayMs: 120_000, count: 1))
        try await tmux.press("v")
        try await tmux.waitForScreen { $0.contains("● voice note at") }
        var stored: [[String: Any]] = []
        for _ in 0..<300 where stored.isEmpty {
            stored = try await sandbox.notes("list", "--json")
            if stored.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(stored.count == 1, "stored while the pause is still unanswered")
        #expect(stored.first?["pinned"] as? Bool == true)
        try await tmux.signalMargin(SIGTERM)
        #expect(try await tmux.exitStatus() == 128 + SIGTERM)
        // The view ended before the recording began: nothing was said, so no note is left,
        // the same as when the pause is answered first and the recording stops empty.
        #expect(try await sandbox.notes("list", "--json").isEmpty)
    }

    @Test("the view ends while Spotify is still pausing: once the pause is answered nothing is recorded, no note is left, playback resumes")
    func endedBeforeTheRecording() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
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

    @Test("while a v note is transcribed the view goes on: the position moves, and a note typed meanwhile is saved")
    func viewGoesOnWhileTranscribing() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
        // A recognizer that answers only once the test lets it.
        let release = sandbox.root + "/stt.release"
        let tmux = try await transcribing(sandbox, then: "while [ ! -f '\(release)' ]; do sleep 0.1; done\necho '\(Self.words)'")
        defer { tmux.stop() }

        // The recognizer is busy: the view still follows Spotify, and keys still work.
        try await sandbox.emulator.setPlayback(.init(progressMs: 1_800_000, isPlaying: true))
        // Seeked to 30:00 (the pin, near 12:34, depends on how long the recording took).
        try await tmux.waitForScreen { $0.contains(/▶ 3\d:\d\d/) && $0.contains("transcribing the voice note at 12:") }
        try await tmux.press("n")
        try await tmux.type("typed while the recognizer worked")
        try await tmux.press("Enter")
        try await waitFor { (try? await sandbox.notes("list", "--json").contains { $0["text"] as? String == "typed while the recognizer worked" }) == true }
        #expect(!FileManager.default.fileExists(atPath: release), "the typed note was saved before the transcript")

        FileManager.default.createFile(atPath: release, contents: Data())
        try await waitFor { (try? await sandbox.notes("list", "--tag", "voice", "--json").first?["text"] as? String) == Self.words }
        try await tmux.press("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("q while a v note is transcribed: the view ends at once, the note stays pending with its recording, and margin says how to finish it")
    func quitWhileTranscribing() async throws {
        let sandbox = try await Sandbox.loggedIn()
        defer { Task { await sandbox.stop() } }
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

    /// `watch` on a terminal with a `v` note recorded and its recognizer at work: a
    /// transcribe.command that says it started, then runs `script` (shell lines).
    func transcribing(_ sandbox: Sandbox, then script: String) async throws -> TmuxSession {
        let env = try Self.standIns(sandbox)
        let started = sandbox.root + "/stt.started"
        let slow = "#!/bin/sh\ntouch '\(started)'\n\(script)\n"
        guard FileManager.default.createFile(atPath: sandbox.root + "/bin/slow-stt", contents: Data(slow.utf8), attributes: [.posixPermissions: 0o755])
        else { throw CocoaError(.fileWriteUnknown) }
        #expect(try await sandbox.margin("config", "set", "transcribe.command", sandbox.root + "/bin/slow-stt").status == 0)
        let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(env), in: sandbox.root)
        try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
        try await tmux.press("v")
        try await waitFor(timeout: .seconds(60)) { FileManager.default.fileExists(atPath: started) }
        return tmux
    }

    /// Waits for `condition` with a generous limit: the machine may be loaded.
    func waitFor(timeout: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }
}
