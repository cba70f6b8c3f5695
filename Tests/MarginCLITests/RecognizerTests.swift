import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// PocketSphinx out of process: a broken model or a crash in the recognizer fails one
/// transcription, never the capture, and the recognizer never outlives margin.
@Suite("the recognizer in a child process", .serialized)
struct RecognizerTests {
    static let model = "/usr/share/pocketsphinx/model/en-us"

    /// A copy of Debian's model in the sandbox (links for the big files), with `mdef` cut to
    /// `mdefBytes` bytes.
    static func brokenModel(_ sandbox: Sandbox, mdefBytes: Int) throws -> String {
        let copy = sandbox.root + "/model"
        let manager = FileManager.default
        try manager.createDirectory(atPath: copy + "/en-us", withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: model) where name != "en-us" {
            try manager.createSymbolicLink(atPath: copy + "/" + name, withDestinationPath: model + "/" + name)
        }
        for name in try manager.contentsOfDirectory(atPath: model + "/en-us") where name != "mdef" {
            try manager.createSymbolicLink(atPath: copy + "/en-us/" + name, withDestinationPath: model + "/en-us/" + name)
        }
        let mdef = try Data(contentsOf: URL(fileURLWithPath: model + "/en-us/mdef"))
        try mdef.prefix(mdefBytes).write(to: URL(fileURLWithPath: copy + "/en-us/mdef"))
        return copy
    }

    @Test("a model whose mdef is cut short: the note is stored with its audio, the reason names the model, playback resumes, exit 0",
          arguments: [4096, 1_000_000])
    func truncatedModel(mdefBytes: Int) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let model = try Self.brokenModel(sandbox, mdefBytes: mdefBytes)
            #expect(try await sandbox.margin("config", "set", "transcribe.model", model).status == 0)
            let result = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("PocketSphinx (model '\(model)')"), "\(result.stderr)")
            #expect(result.stderr.contains("margin transcribe"), "\(result.stderr)")
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let id = try #require(note["id"] as? String)
            #expect(FileManager.default.fileExists(atPath: sandbox.root + "/data/margin/audio/\(id).wav"))
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)

            // With the whole model again, the note is transcribed.
            #expect(try await sandbox.margin("config", "unset", "transcribe.model").status == 0)
            let again = try await sandbox.margin("transcribe", String(id.prefix(8)))
            #expect(again.status == 0, "\(again.stderr)")
            let text = try await sandbox.notes("list", "--json").first?["text"] as? String ?? ""
            #expect(VoiceNoteTests.wordErrorRate(text, VoiceNoteTests.words) <= 0.5, "\(text)")
        }
    }

    @Test("a model file that is missing or empty is refused before anything is decoded, naming the file")
    func emptyModelFile() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let model = try Self.brokenModel(sandbox, mdefBytes: 0)
            #expect(try await sandbox.margin("config", "set", "transcribe.model", model).status == 0)
            let result = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("'\(model)/en-us/mdef' is missing or empty"), "\(result.stderr)")
            #expect(try await sandbox.notes("list", "--json").count == 1)
        }
    }

    @Test("margin killed while the recognizer works: the recognizer ends with it")
    func noOrphan() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            // Three minutes of speech keep PocketSphinx busy for several seconds.
            let long = sandbox.root + "/long.wav"
            #expect(try await MarginProcess.run(Array(repeating: VoiceNoteTests.clip, count: 60) + [long], environment: [:],
                                                executable: "/usr/bin/sox").status == 0)
            let margin = try ChildProcess(MarginProcess.marginPath, ["note", "--voice", "--audio", long, "--max", "600"],
                                          environment: sandbox.environment([:]))
            let parent = margin.pid
            let child = try await eventually("the recognizer starting as margin's child", every: .milliseconds(50)) {
                ProcessTable.children(of: parent, running: "_recognize").first
            }
            margin.send(SIGKILL)
            _ = await margin.exit()
            #expect(try await ProcessTable.ends(child), "the recognizer \(child) outlived margin")
        }
    }

    @Test("margin killed while transcribe.command runs: the command ends with it")
    func commandEndsWithMargin() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let pidFile = sandbox.root + "/stt.pid"
            let script = sandbox.root + "/stt"
            let body = "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 60.789\n"
            guard FileManager.default.createFile(atPath: script, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
            else { throw CocoaError(.fileWriteUnknown) }
            #expect(try await sandbox.margin("config", "set", "transcribe.command", script).status == 0)
            let margin = try ChildProcess(MarginProcess.marginPath, ["note", "--voice", "--audio", VoiceNoteTests.clip],
                                          environment: sandbox.environment([:]))
            let program = try await ProcessTable.pid(in: pidFile)
            let pid = try #require(program, "the command started")
            margin.send(SIGKILL)
            _ = await margin.exit()
            #expect(try await ProcessTable.ends(pid), "the command \(pid) outlived margin")
        }
    }

    @Test("margin killed while transcribing: the note is there, pending, with its recording; margin transcribe finishes it")
    func killedWhileTranscribing() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let pidFile = sandbox.root + "/stt.pid", slow = sandbox.root + "/slow"
            let script = sandbox.root + "/stt"
            let body = "#!/bin/sh\necho $$ > '\(pidFile)'\n[ -f '\(slow)' ] && exec sleep 60.321\necho 'the bit about cache stampedes'\n"
            guard FileManager.default.createFile(atPath: script, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755]),
                  FileManager.default.createFile(atPath: slow, contents: Data())
            else { throw CocoaError(.fileWriteUnknown) }
            #expect(try await sandbox.margin("config", "set", "transcribe.command", script).status == 0)
            let margin = try ChildProcess(MarginProcess.marginPath, ["note", "--voice", "--audio", VoiceNoteTests.clip, "--tag", "kept"],
                                          environment: sandbox.environment([:]))
            try? await waitUntil("the recognizer's pid file", within: .seconds(10), every: .milliseconds(50)) { FileManager.default.fileExists(atPath: pidFile) }
            margin.send(SIGKILL)
            _ = await margin.exit()

            let notes = try await sandbox.notes("list", "--json")
            #expect(notes.count == 1)
            let note = try #require(notes.first)
            #expect(note["text"] as? String == "")
            #expect(Set(note["tags"] as? [String] ?? []) == ["kept", "voice"])
            #expect(note["pinned"] as? Bool == true)
            let voice = try #require(note["voice"] as? [String: Any])
            #expect(voice["state"] as? String == "pending")
            let audio = try #require(voice["audio"] as? String)
            #expect(FileManager.default.fileExists(atPath: audio))
            #expect((voice["duration_ms"] as? Int).map { (2500...3500).contains($0) } == true, "\(voice)")
            let listed = try await sandbox.margin("list")
            #expect(listed.stdout.contains("[voice 0:02, not transcribed yet]"), "\(listed.stdout)")

            try FileManager.default.removeItem(atPath: slow)
            let finished = try await sandbox.margin("transcribe")
            #expect(finished.status == 0, "\(finished.stderr)")
            #expect(finished.stdout.contains("Transcribed"))
            let done = try #require(try await sandbox.notes("list", "--json").first)
            #expect(done["text"] as? String == "the bit about cache stampedes")
            #expect((done["voice"] as? [String: Any])?["state"] as? String == "done")
            let again = try await sandbox.margin("transcribe")
            #expect(again.status == 0)
            #expect(again.stderr.contains("Nothing to transcribe"))
        }
    }

    @Test("Ctrl-C, SIGTERM or SIGHUP while the transcript is awaited ends margin at once: the note pending with its recording, the command gone",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalWhileTranscribing(signal: Int32) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let pidFile = sandbox.root + "/stt.pid"
            let script = sandbox.root + "/stt"
            let body = "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 60.456\n"
            guard FileManager.default.createFile(atPath: script, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
            else { throw CocoaError(.fileWriteUnknown) }
            #expect(try await sandbox.margin("config", "set", "transcribe.command", script).status == 0)
            let errors = try ChildPipe()
            let margin = try ChildProcess(MarginProcess.marginPath, ["note", "--voice", "--audio", VoiceNoteTests.clip],
                                          environment: sandbox.environment([:]), errors: errors.write)
            try errors.write.close()
            let program = try await ProcessTable.pid(in: pidFile)
            let command = try #require(program, "the command started")
            margin.send(signal)
            let exit = await margin.exit(within: .seconds(10))
            #expect(exit?.status == 128 + signal, "margin ended at once, with the conventional status: \(String(describing: exit))")
            let stderr = String(decoding: await readToEnd(errors.read), as: UTF8.self)
            let note = try #require(try await sandbox.notes("list", "--json").first)
            let short = String((note["id"] as? String ?? "").prefix(8))
            #expect(stderr.contains("'margin transcribe \(short)' finishes it"), "\(stderr)")
            let voice = try #require(note["voice"] as? [String: Any])
            #expect(voice["state"] as? String == "pending")
            #expect(FileManager.default.fileExists(atPath: voice["audio"] as? String ?? ""))
            #expect(try await ProcessTable.ends(command), "the command \(command) outlived margin")
        }
    }
}
