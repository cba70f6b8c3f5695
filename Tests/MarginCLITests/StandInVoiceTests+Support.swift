import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// The stand-in recorder and recognizer, the view started with them, and a patient wait.
extension StandInVoiceTests {
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
        try await waitUntil("the condition", within: timeout) { await condition() }
    }
}
