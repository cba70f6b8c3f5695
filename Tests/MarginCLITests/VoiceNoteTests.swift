import Foundation
import SpotifyEmulator
import TestSupport
import Testing
import Voice

/// `margin note --voice` from recordings: the real PocketSphinx on real speech from Debian's
/// pocketsphinx-testdata, against the emulator. The microphone path is in VoiceRecordingTests.
@Suite("Voice notes from a recording")
struct VoiceNoteTests {
    static let librivox = "/usr/share/pocketsphinx/test/data/librivox"
    /// "he was not an ill disposed young man"
    static let clip = librivox + "/sense_and_sensibility_01_austen_64kb-0880.wav"
    static let words = "he was not an ill disposed young man".split(separator: " ").map(String.init)

    static func wordErrorRate(_ text: String, _ reference: [String]) -> Double {
        WordErrorRate.of(text, reference: reference)
    }

    /// A WAV of `seconds` (at least 1) of a 300 Hz tone at `rate`, made with sox.
    static func toneFile(_ sandbox: Sandbox, seconds: Int, rate: Int = 44_100) async throws -> String {
        precondition(seconds > 0, "sox synthesizes forever for 0 s")
        let path = sandbox.root + "/tone-\(seconds).wav"
        let sox = try ChildProcess("/usr/bin/sox", ["-n", "-r", String(rate), "-b", "16", "-c", "2", path, "synth", String(seconds), "sine", "300"],
                                   environment: [:])
        // Awaited, not waited for on a thread of the pool: the in-process emulator answers there.
        guard await sox.exit().status == 0 else { throw SpawnFailed("sox could not make \(path)") }
        return path
    }

    @Test("pins the moment, pauses and resumes once each, keeps the audio, and stores the draft transcript")
    func fromRecording() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await sandbox.margin("note", "--voice", "--audio", Self.clip, "--tag", "austen", "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(note["pinned"] as? Bool == true)
            #expect(note["item_id"] as? String == "512ojhOuo1ktJprKbVcKyQ")
            let text = try #require(note["text"] as? String)
            // PocketSphinx gets "he was not an illness those young man" here: 2 of 8 words wrong.
            #expect(Self.wordErrorRate(text, Self.words) <= 0.5, "\(text)")
            #expect(Set(note["tags"] as? [String] ?? []) == ["austen", "voice"])
            #expect(result.stderr.contains("heard (PocketSphinx, a draft"))
            let requests = await sandbox.apiRequests().map { "\($0.method) \($0.path)" }
            #expect(requests.filter { $0 == "PUT /v1/me/player/pause" }.count == 1, "\(requests)")
            #expect(requests.filter { $0 == "PUT /v1/me/player/play" }.count == 1, "\(requests)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)

            let id = try #require(note["id"] as? String)
            let audio = sandbox.root + "/data/margin/audio/\(id).wav"
            let mode = try FileManager.default.attributesOfItem(atPath: audio)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            // sox reads what margin kept: 16 kHz mono, as long as the clip.
            let info = try await MarginProcess.run(["--i", audio], environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/sox")
            #expect(info.status == 0)
            #expect(info.stdout.contains("16000") && info.stdout.contains("Channels       : 1"), "\(info.stdout)")
            let shown = try await sandbox.margin("show", String(id.prefix(8)))
            #expect(shown.stdout.contains("audio    \(audio)"))
            let found = try await sandbox.notes("search", "young", "--json")
            #expect(found.contains { $0["id"] as? String == id })
            // Deleting the note deletes its recording.
            _ = try await sandbox.margin("delete", id, "--yes")
            #expect(!FileManager.default.fileExists(atPath: audio))
        }
    }

    @Test("a file that is not 16-bit PCM WAV, or holds no audio, stores nothing and names the moment")
    func badFiles() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let text = sandbox.root + "/not-audio.wav"
            try Data("this is not audio".utf8).write(to: URL(fileURLWithPath: text))
            // A well-formed WAV header with no samples after it.
            let empty = sandbox.root + "/empty.wav"
            var header = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
            header += [0x80, 0x3E, 0, 0, 0, 0x7D, 0, 0, 2, 0, 16, 0] + Array("data".utf8) + [0, 0, 0, 0]
            try Data(header).write(to: URL(fileURLWithPath: empty))
            for (file, message) in [(text, "not a WAV file"), (empty, "the recording is empty")] {
                let result = try await sandbox.margin("note", "--voice", "--audio", file)
                #expect(result.status == 1, "\(result.stderr)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
                // The emulator plays on while the tests run: the moment is some time after 12:34.
                #expect(result.stderr.contains("nothing was saved. The moment was 1"), "\(result.stderr)")
                #expect(result.stderr.contains("in 'Ep. 42 — Naming things': margin note --episode 512ojhOuo1ktJprKbVcKyQ --at 1"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            }
            #expect(try await sandbox.notes("list", "--json").isEmpty)
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true, "resumed after the failure")
        }
    }

    @Test("a missing file, a directory or a FIFO is refused before anything is paused or waited for")
    func notAFile() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let fifo = sandbox.root + "/fifo.wav"
            guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            for (file, message) in [(sandbox.root + "/missing.wav", "no such file"), (sandbox.root, "it is a directory"),
                                    (fifo, "not a regular file")] {
                await sandbox.emulator.clearRequestLog()
                let result = try await sandbox.margin("note", "--voice", "--audio", file)
                #expect(result.status == 1, "\(result.stderr)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
                #expect(await sandbox.apiRequests().isEmpty, "nothing asked of Spotify, nothing paused")
            }
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }

    @Test("a 10-minute recording is bounded by --max; a 44.1 kHz stereo file is kept as 16 kHz mono")
    func longRecording() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let long = try await Self.toneFile(sandbox, seconds: 600)
            let result = try await sandbox.margin("note", "--voice", "--audio", long, "--max", "5", "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("longer than 5 s (--max)"))
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let id = try #require(note["id"] as? String)
            let kept = try Data(contentsOf: URL(fileURLWithPath: sandbox.root + "/data/margin/audio/\(id).wav"))
            let expected: Int = 44 + 5 * 16_000 * 2
            #expect(kept.count == expected)
            // A tone has no words: the note is kept, its transcription failed, for a later try.
            #expect(note["text"] as? String == "")
            let tags: Set<String> = Set(note["tags"] as? [String] ?? [])
            #expect(tags == ["voice"])
            let voice = try #require(note["voice"] as? [String: Any])
            #expect(voice["state"] as? String == "failed")
            #expect(voice["error"] as? String == "no words were recognized")
            #expect(voice["duration_ms"] as? Int == 5000)
            #expect(voice["audio"] as? String == sandbox.root + "/data/margin/audio/\(id).wav")
        }
    }

    @Test("a recognizer that prints 1 MB is stored whole; one that prints 10 MB is cut to 1 MiB at a word, with a warning",
          arguments: [(1_000_000, false), (10_000_000, true)])
    func longTranscript(bytes: Int, cut: Bool) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let script = sandbox.root + "/stt"
            // "cache stampedes\n" is 16 bytes; in the note the line ends are spaces.
            let body = "#!/bin/sh\nyes 'cache stampedes' | head -c \(bytes)\n"
            _ = FileManager.default.createFile(atPath: script, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
            _ = try await sandbox.margin("config", "set", "transcribe.command", script)
            let result = try await sandbox.margin("note", "--voice", "--audio", Self.clip)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("the transcript is longer than the 1 MiB a note keeps") == cut, "\(result.stderr.prefix(300))")
            let note = try #require(try await sandbox.notes("list", "--json").first)
            let text = note["text"] as? String ?? ""
            if cut {
                #expect(text.utf8.count <= 1 << 20 && text.utf8.count > (1 << 20) - 16, "\(text.utf8.count) bytes")
                #expect(text.hasSuffix("cache stampedes") || text.hasSuffix("cache"))
            } else {
                #expect(text.utf8.count == bytes - 1, "the last line end is dropped: \(text.utf8.count) bytes")
            }
            #expect((note["voice"] as? [String: Any])?["state"] as? String == "done")
        }
    }

    @Test("transcribe.command replaces PocketSphinx; a failing one keeps the note for 'margin transcribe'")
    func commandTranscriber() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let script = sandbox.root + "/stt"
            let body = "#!/bin/sh\n[ -f \"$1\" ] || exit 2\n[ -f \(sandbox.root)/broken ] && exit 7\necho 'progress 50%' >&2\necho 'the bit about cache stampedes'\n"
            _ = FileManager.default.createFile(atPath: script, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
            _ = try await sandbox.margin("config", "set", "transcribe.command", script)
            _ = FileManager.default.createFile(atPath: sandbox.root + "/broken", contents: Data())
            let failed = try await sandbox.margin("note", "--voice", "--audio", Self.clip, "--json")
            #expect(failed.status == 0, "the recording is a note even untranscribed: \(failed.stderr)")
            #expect(failed.stderr.contains("'margin transcribe"))
            let note = try #require(try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any])
            #expect(note["text"] as? String == "")
            #expect((note["voice"] as? [String: Any])?["state"] as? String == "failed")
            let id = try #require(note["id"] as? String)

            try FileManager.default.removeItem(atPath: sandbox.root + "/broken")
            let again = try await sandbox.object("transcribe", String(id.prefix(8)), "--json")
            #expect(again["text"] as? String == "the bit about cache stampedes")
            #expect(again["tags"] as? [String] == ["voice"])
            #expect((again["voice"] as? [String: Any])?["state"] as? String == "done")
            #expect(!(again["text"] as? String ?? "").contains("progress"))

            // A transcript typed by hand also ends the failed state.
            _ = FileManager.default.createFile(atPath: sandbox.root + "/broken", contents: Data())
            let second = try await sandbox.object("note", "--voice", "--audio", Self.clip, "--json")
            let secondID = String((second["id"] as? String ?? "").prefix(8))
            #expect((second["voice"] as? [String: Any])?["state"] as? String == "failed")
            _ = try await sandbox.margin("edit", secondID, "he was not an ill disposed young man")
            let edited = try await sandbox.object("show", secondID, "--json")
            #expect(edited["tags"] as? [String] == ["voice"])
            #expect((edited["voice"] as? [String: Any])?["state"] as? String == "done")
        }
    }

    @Test("transcribe.model that holds no model: the note is kept untranscribed and the message names the fix")
    func missingModel() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.margin("config", "set", "transcribe.model", sandbox.root)
            let result = try await sandbox.margin("note", "--voice", "--audio", Self.clip, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("no PocketSphinx model in '\(sandbox.root)'; install pocketsphinx-en-us"), "\(result.stderr)")
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let tags: Set<String> = Set(note["tags"] as? [String] ?? [])
            #expect(tags == ["voice"])
            let voice = try #require(note["voice"] as? [String: Any])
            #expect(voice["state"] as? String == "failed")
            #expect((voice["error"] as? String ?? "").contains("no PocketSphinx model in '\(sandbox.root)'"))
            let refused = try await sandbox.margin("config", "set", "transcribe.model", "relative/path")
            #expect(refused.status != 0)
        }
    }

    @Test("a free account records without pausing, and says so")
    func freeAccount() async throws {
        var scenario = Scenario()
        scenario.user.product = .free
        try await using(try await Sandbox.loggedIn(scenario)) { sandbox in
            let result = try await sandbox.margin("note", "--voice", "--audio", Self.clip, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("playback was not paused while you spoke"), "\(result.stderr)")
            #expect(result.stderr.contains("Premium"), "\(result.stderr)")
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(note["pinned"] as? Bool == true)
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("no recorder installed: one line naming what to install, exit 1, no note, the moment printed")
    func noRecorder() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            // A PATH with the shell's tools but no recorder.
            let bin = sandbox.root + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let result = try await sandbox.margin("note", "--voice", env: ["PATH": bin])
            #expect(result.status == 1)
            #expect(result.stderr.contains("no sound recorder found; install"), "\(result.stderr)")
            #expect(result.stderr.contains("pw-record") && result.stderr.contains("parecord") && result.stderr.contains("arecord"))
            #expect(result.stderr.contains("--episode 512ojhOuo1ktJprKbVcKyQ --at"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }

    @Test("listen and transcribe on a note without a recording, or whose recording was moved, say so")
    func noRecording() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let typed = try await sandbox.object("note", "typed", "--json")
            let short = String((typed["id"] as? String ?? "").prefix(8))
            for command in ["listen", "transcribe"] {
                let refused = try await sandbox.margin(command, short)
                #expect(refused.status == 1)
                #expect(refused.stderr.contains("note \(short) has no recording"), "\(refused.stderr)")
            }

            // A voice note whose recording was moved away: where it should be, and what to do.
            let spoken = try await sandbox.object("note", "--voice", "--audio", Self.clip, "--json")
            let voiceShort = String((spoken["id"] as? String ?? "").prefix(8))
            let audio = try #require((spoken["voice"] as? [String: Any])?["audio"] as? String)
            try FileManager.default.moveItem(atPath: audio, toPath: sandbox.root + "/moved.wav")
            for command in ["listen", "transcribe"] {
                let refused = try await sandbox.margin(command, voiceShort)
                #expect(refused.status == 1)
                #expect(refused.stderr.contains("the recording of note \(voiceShort) is not at \(audio) (moved or removed)"), "\(refused.stderr)")
                #expect(refused.stderr.contains("'margin edit \(voiceShort)'"))
            }
            #expect(try await sandbox.object("show", voiceShort, "--json")["text"] as? String == spoken["text"] as? String,
                    "the note keeps its text")
        }
    }
}
