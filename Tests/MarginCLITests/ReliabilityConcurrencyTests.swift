import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("reliability: concurrent processes")
struct ReliabilityConcurrencyTests {
    @Test("32 notes taken at once are all stored, every process exits 0 with nothing on stderr")
    func thirtyTwoNotes() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for index in 0..<32 {
                    // What is tested is the store under 32 writers, not speed: a loaded test machine gets time.
                    group.addTask { try await sandbox.margin("note", "concurrent note \(index)", env: ["MARGIN_TIMEOUT": "120"]) }
                }
                return try await group.reduce(into: [ProcessResult]()) { $0.append($1) }
            }
            #expect(results.count == 32)
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.isEmpty, "\(result.stderr)")
                #expect(!result.stderr.contains("locked"))
            }
            let notes = try await sandbox.notes("list", "--json", "--limit", "100")
            #expect(notes.count == 32)
            let texts = Set(notes.compactMap { $0["text"] as? String })
            #expect(texts == Set((0..<32).map { "concurrent note \($0)" }))
        }
    }

    @Test("watch keeps printing while 10 notes are taken and exported, with no lock errors")
    func watchWhileWriting() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let output = try ChildPipe(), errors = try ChildPipe()
            let process = try ChildProcess(MarginProcess.marginPath, ["watch", "--interval", "1"], environment: sandbox.environment(),
                                           output: output.write, errors: errors.write)
            try output.write.close()
            try errors.write.close()
            defer { process.send(SIGTERM) }
            let lines = OutputCollector(output.read)
            let watchErrors = OutputCollector(errors.read)
            _ = try await lines.wait { $0.contains("\n") }

            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for index in 0..<10 {
                    group.addTask { try await sandbox.margin("note", "watched note \(index)") }
                }
                group.addTask { try await sandbox.margin("export", "--format", "jsonl") }
                return try await group.reduce(into: [ProcessResult]()) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.lowercased().contains("locked"), "\(result.stderr)")
            }
            let export = try await sandbox.margin("export", "--format", "jsonl")
            #expect(export.status == 0, "\(export.stderr)")
            let exported = export.stdout.split(separator: "\n").filter { $0.contains("watched note") }
            #expect(exported.count == 10)

            // The watch is still alive and still printing: a change of position makes a new line.
            let before = lines.text.split(separator: "\n").count
            try await sandbox.emulator.setPlayback(.init(progressMs: 100_000, isPlaying: true))
            let after = try await lines.wait(timeout: .seconds(30)) { $0.split(separator: "\n").count > before }
            #expect(after.split(separator: "\n").count > before, "watch printed after the writes")
            #expect(process.isRunning)
            #expect(!watchErrors.text.lowercased().contains("locked"), "\(watchErrors.text)")
        }
    }
}
