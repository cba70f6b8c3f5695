import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// A note text that would steer a terminal: set the title, ring the bell, clear the screen
/// (C0 ESC sequences), a C1 CSI, and DEL.
let hostileText = "title \u{1B}]0;pwned\u{07} clear \u{1B}[2J csi \u{9B}31m del \u{7F} end"

/// The bytes that must never reach a terminal raw from a note's text.
let terminalControls: [Character] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{7F}"]

@Suite("terminal output")
struct TerminalOutputTests {
    static let episode = "512ojhOuo1ktJprKbVcKyQ"

    @Test("list on a terminal shows tags and the day, fits the width, and reads an episode in playback order")
    func list() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("at noon", "--episode", Self.episode, "--at", "12:00", "--tag", "first")
            _ = try await sandbox.take("sixteen past", "--episode", Self.episode, "--at", "13:16")
            _ = try await sandbox.take(hostileText, "--episode", Self.episode, "--at", "13:11", "--tag", "hostile")
            let long = String(repeating: "a long thought that keeps going ", count: 6) + "THE END"
            _ = try await sandbox.take(long, "--episode", Self.episode, "--at", "40:00", "--tag", "long")
            _ = try await sandbox.take("newest, unpinned", env: ["MARGIN_API_URL": "http://127.0.0.1:9/v1"])
            let day = try #require(try await sandbox.notes("list", "--json").first?["created_at"] as? String).prefix(10)

            // Colour has tests of its own; with it on, margin's escapes are the only controls.
            let painted = try await sandbox.onTerminal("list", columns: 100)
            let unpainted = painted.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9]*m", with: "", options: .regularExpression)
            for control in terminalControls { #expect(!unpainted.contains(control), "\(control.unicodeScalars.first?.value ?? 0) reached the terminal") }
            let screen = try await sandbox.onTerminal("list", "--color=never", columns: 100)
            #expect(screen.status == 0, "\(screen.stdout)")
            for control in terminalControls { #expect(!screen.stdout.contains(control), "\(control.unicodeScalars.first?.value ?? 0) reached the terminal") }
            // "\r\n" is one Character, so split on newlines of any kind.
            let lines = screen.stdout.split(whereSeparator: \.isNewline).map(String.init)
            #expect(lines.allSatisfy { $0.count <= 100 }, "rows fit the width: \(lines.map(\.count))")
            let rows = lines.filter { $0.hasPrefix("   ") }
            try #require(rows.map { $0.prefix(8).trimmingCharacters(in: .whitespaces) } == ["--", "12:00", "13:11", "13:16", "40:00"],
                         "the unpinned group holds the newest note, so it comes first; the episode plays in order: \(rows)")
            #expect(rows.allSatisfy { $0.contains("  \(day)  ") }, "every row has the day: \(rows)")
            #expect(rows[1].contains("at noon  #first"))
            #expect(rows[2].contains("#hostile") && rows[2].contains("\u{FFFD}"))
            let longRow = try #require(rows.last)
            #expect(longRow.contains("…  #long") && !longRow.contains("THE END"), "the text is cut, the tag kept: \(longRow)")
            #expect(longRow.hasPrefix("   40:00  ") && longRow.hasSuffix("  \(day)  \(longRow.suffix(8))"))

            for arguments in [["list", "--json"], ["search", "pwned", "--json"], ["show", String(rows[2].suffix(8)), "--json"]] {
                let json = try await sandbox.onTerminal(arguments)
                #expect(json.status == 0 && json.stdout.contains("pwned"), "\(arguments): \(json.stdout)")
                for control in terminalControls { #expect(!json.stdout.contains(control), "\(arguments): \(control.unicodeScalars.first?.value ?? 0) reached the terminal") }
            }

            let piped = try await sandbox.margin("list", env: ["TZ": "UTC"])
            let pipedRows = piped.stdout.split(separator: "\n").filter { $0.hasPrefix("   ") }
            try #require(pipedRows.map { $0.prefix(8).trimmingCharacters(in: .whitespaces) } == ["--", "12:00", "13:11", "13:16", "40:00"])
            #expect(pipedRows[1].hasSuffix("at noon  #first  \(day)  \(pipedRows[1].suffix(8))"), "\(pipedRows)")
            #expect(pipedRows.last?.contains("THE END") == true, "piped text is not cut")
        }
    }

    @Test("export to a terminal replaces control characters; to a pipe the bytes stay exact", arguments: ["markdown", "csv", "json", "jsonl"])
    func export(format: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take(hostileText, "--episode", Self.episode, "--at", "13:11")
            let screen = try await sandbox.onTerminal("export", "--format", format)
            #expect(screen.status == 0, "\(screen.stdout)")
            for control in terminalControls { #expect(!screen.stdout.contains(control), "\(control.unicodeScalars.first?.value ?? 0) reached the terminal") }
            #expect(screen.stdout.contains("\u{FFFD}"), "\(screen.stdout)")
            #expect(screen.stdout.contains("end"), "the rest of the text is there")

            let piped = try await sandbox.margin("export", "--format", format)
            #expect(piped.stdout.contains("\u{9B}31m del \u{7F} end"), "raw in a pipe: \(piped.stdout)")
            if format == "markdown" || format == "csv" { #expect(piped.stdout.contains(hostileText)) }
        }
    }
}
