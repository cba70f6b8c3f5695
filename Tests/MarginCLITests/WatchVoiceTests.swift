import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// `v` in the interactive view with a real sound server: the spoken note is transcribed and
/// saved at the key press's moment, and Esc drops one.
@Suite("v in the interactive watch", .serialized)
struct WatchVoiceTests {
    @Test("v pins at the key press, pauses, records until Enter, resumes and saves the transcript; Esc drops one")
    func voiceInWatch() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(pulse.environment), in: sandbox.root)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) && $0.contains("v voice") }
            await sandbox.emulator.clearRequestLog()

            let atPress = await sandbox.progress()
            try await tmux.press("v")
            try await tmux.waitForScreen { $0.contains("● voice note at") }
            let seen = await sandbox.progress()
            try await pulse.waitForRecorder()
            _ = try await pulse.tool("paplay", VoiceNoteTests.clip)
            try await tmux.press("Enter")
            let screen = try await tmux.waitForScreen(timeout: .seconds(60)) { $0.contains("saved voice note") }
            let saved = try #require(try await sandbox.notes("list", "--tag", "voice", "--json").first, "\(screen)")
            #expect(VoiceNoteTests.wordErrorRate(saved["text"] as? String ?? "", VoiceNoteTests.words) <= 0.5, "\(saved)")
            let progress = try #require(saved["progress_ms"] as? Int)
            #expect(WatchInteractiveTests.pinnedAtPress(progress, pressed: atPress, seen: seen), "pinned at the key press (\(atPress)): \(progress)")
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

    @Test("v with no sound server: the whole message, its remedy too, as margin note --voice says it, at 80 and 60 columns",
          arguments: [80, 60])
    func noServer(width: Int) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let away = ["PULSE_SERVER": "unix:" + sandbox.root + "/no-such-socket"]
            let note = try await sandbox.margin("note", "--voice", env: away)
            #expect(note.status == 1)
            // The failure and its remedy, up to where margin note goes on to the moment to type a
            // note at instead (in the view, n is there for that).
            let said = try #require(note.stderr.components(separatedBy: "; nothing was saved").first)
            #expect(said.hasPrefix("margin: the recorder") && said.contains("; check that"), "\(note.stderr)")
            let message = String(said.dropFirst("margin: ".count)) + "; nothing was saved"

            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(away), in: sandbox.root, width: width, height: 24)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(WatchInteractiveTests.episode) }
            try await tmux.press("v")
            let screen = try await tmux.waitForScreen { WatchInteractiveTests.read($0.split(separator: "\n")).contains(message) }
            let lines = screen.split(separator: "\n")
            #expect(!lines.contains { $0.hasSuffix("…") }, "nothing is cut: \(screen)")
            #expect(lines.last?.hasSuffix("? keys · q quit") == true, "the footer keeps the keys: \(screen)")
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }
}
