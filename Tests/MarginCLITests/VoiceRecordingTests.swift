import Foundation
import SpotifyEmulator
import Synchronization
import TestSupport
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
        try await using(try await Sandbox.loggedIn()) { sandbox in
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
    }

    @Test("Ctrl-C, SIGTERM or SIGHUP ends the recording: what was said so far is the note, playback resumes, 128 + signal",
          arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)])
    func interrupted(name: String, signal: Int32) async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let store = sandbox.root + "/voice.sqlite"
            let spawned = ContinuousClock.now, signalled = Mutex<Duration?>(nil)
            let result = try await Self.record(sandbox, pulse, playing: Self.longClip) {
                // How long sound plays before the signal is the input, and sound announces no
                // moment: 4.5 s into the 7.1 s clip (the null sink hands its monitor the sound up
                // to 2 s late), the recording holds a few seconds of it.
                try await Task.sleep(for: .seconds(4.5))
                _ = try await MarginProcess.run(["-\(name)", "-f", "margin note --voice --db \(store)"], environment: [:], executable: "/usr/bin/pkill")
                signalled.withLock { $0 = ContinuousClock.now - spawned }
            }
            #expect(result.status == 128 + signal, "\(result.stderr)")
            let note = try Self.note(result)
            let seconds = try Self.audioSeconds(sandbox, note)
            // No longer than margin had run when the signal was sent (however late a loaded machine
            // saw the recorder start): the signal ended it, not the silence after the clip.
            let bound = try #require(signalled.withLock { $0 }) / .seconds(1) + 0.5
            #expect(seconds > 1.5 && seconds < bound, "\(seconds) s, signalled \(bound - 0.5) s after margin started: cut short by the signal, not by silence")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("the sound server going away mid-recording: the note keeps what was recorded, with a warning; playback resumes")
    func serverGone() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let spawned = ContinuousClock.now, crashed = Mutex<Duration?>(nil)
            let result = try await Self.record(sandbox, pulse, playing: Self.longClip) {
                // Sound must play for a while before the server crashes: the length is the input.
                try await Task.sleep(for: .seconds(4))
                pulse.crash()
                crashed.withLock { $0 = ContinuousClock.now - spawned }
            }
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("the recorder 'parecord' stopped by itself after"), "\(result.stderr)")
            #expect(result.stderr.contains("the note keeps what was recorded"))
            let note = try Self.note(result)
            let seconds = try Self.audioSeconds(sandbox, note)
            // No longer than margin had run when the server went (however late a loaded machine saw
            // the recorder start), and not the whole clip.
            let bound = try #require(crashed.withLock { $0 }) / .seconds(1) + 0.5
            #expect(seconds > 1 && seconds < bound, "\(seconds) s, the server gone \(bound - 0.5) s after margin started")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("--max ends a recording that goes on")
    func limit() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await Self.record(sandbox, pulse, playing: Self.longClip, extra: ["--max", "2"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("stopped at the 2 s limit (--max)"))
            #expect(try Self.audioSeconds(sandbox, try Self.note(result)) == 2)
        }
    }

    @Test("on a terminal, a level meter and the elapsed time show while recording, and are cleared after")
    func levelMeter() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        try await using(try await Sandbox.loggedIn()) { sandbox in
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
    }

    @Test("a sound server that is not there is one line naming the recorder, and no note")
    func noServer() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await sandbox.margin("note", "--voice", env: ["PULSE_SERVER": "unix:" + sandbox.root + "/no-such-socket"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("the recorder 'parecord' failed"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }
}
