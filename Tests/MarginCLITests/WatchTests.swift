import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("margin watch")
struct WatchTests {
    @Test("piped, it prints the first state and one line per change")
    func pipedChanges() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let output = try ChildPipe()
            let process = try ChildProcess(MarginProcess.marginPath, ["watch", "--interval", "1"], environment: sandbox.environment(),
                                           output: output.write)
            try output.write.close()
            defer { process.send(SIGTERM) }
            let lines = OutputCollector(output.read)
            let first = try await lines.wait { $0.contains("\n") }
            #expect(first.contains("▶ Craft, Code & Curiosity · Ep. 42 — Naming things · "))
            // Nothing changes: two more polls answered (the first one's answer handled before the second
            // was asked for), and still one line.
            let polls = { await sandbox.apiRequests().filter { $0.path.hasPrefix("/v1/me/player") }.count }
            let seen = await polls()
            try await waitUntil("two more polls", within: .seconds(30)) { await polls() >= seen + 2 }
            #expect(lines.text.split(separator: "\n").count == 1, "no change, no new line")

            try await sandbox.emulator.setPlayback(.init(progressMs: 100_000, isPlaying: true))
            let seeked = try await lines.wait { $0.split(separator: "\n").count >= 2 }
            #expect(seeked.split(separator: "\n").last?.contains("▶ Craft, Code & Curiosity · Ep. 42 — Naming things · 1:4") == true)

            try await sandbox.emulator.setPlayback(.init(progressMs: 200_000, isPlaying: false))
            let paused = try await lines.wait { $0.split(separator: "\n").count >= 3 }
            #expect(paused.split(separator: "\n").last?.contains("⏸") == true)

            try await sandbox.emulator.setPlayback(.nothing)
            let stopped = try await lines.wait(timeout: .seconds(25)) { $0.split(separator: "\n").count >= 4 }
            #expect(stopped.split(separator: "\n").last?.contains("nothing playing") == true)
        }
    }

    @Test("on a terminal, the full-screen view ticks without extra requests and Ctrl-C puts the terminal back")
    func terminal() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let input = try ChildPipe(), output = try ChildPipe()
            let process = try ChildProcess("/usr/bin/script", ["-qefc", "'\(MarginProcess.marginPath)' watch", "/dev/null"],
                                           environment: sandbox.environment(["TERM": "xterm", "COLUMNS": "200"]),
                                           input: input.read, output: output.write)
            try input.read.close()
            try output.write.close()
            let screen = OutputCollector(output.read)
            _ = try await screen.wait(timeout: .seconds(60)) { $0.contains("Ep. 42 — Naming things") && $0.contains("/ 1:02:03") }
            #expect(screen.text.hasPrefix("\u{1B}[?1049h"), "switches to the alternate screen")
            #expect(screen.text.contains("Craft, Code & Curiosity"))
            input.write.write(Data([0x03]))
            #expect(await process.exit(within: .seconds(30))?.status == 130)
            #expect(screen.text.contains("\u{1B}[?25h\u{1B}[?1049l"), "shows the cursor and leaves the alternate screen")
            #expect(await sandbox.apiRequests().count <= 2, "the position ticks between polls without extra requests")
        }
    }
}
