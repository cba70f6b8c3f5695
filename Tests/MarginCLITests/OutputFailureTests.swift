import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// A stdout that refuses output, given to the real binary as its descriptor 1.
enum BrokenStdout: String, CaseIterable, Sendable {
    /// /dev/full: every write fails with ENOSPC, as on a full disk.
    case full
    /// A pipe whose read end is closed before margin starts: every write fails with EPIPE.
    case readerGone
    /// No descriptor 1 at all.
    case closed

    func output() throws -> ProcessOutput {
        switch self {
        case .full:
            return .file(try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
        case .readerGone:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return .file(pipe.fileHandleForWriting)
        case .closed:
            return .closed
        }
    }
}

extension ProcessResult {
    /// True when nothing shows the process crashed: no signal, no runtime report.
    var endedCleanly: Bool {
        let lowered = stderr.lowercased()
        return signal == nil && !["fatal error", "stack dump", "backtrac", "crashed"].contains { lowered.contains($0) }
    }

    /// stderr's lines, without the final newline.
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

@Suite("stdout that cannot be written")
struct OutputFailureTests {
    @Test("list, export and now end with one line or quietly, never a crash", arguments: BrokenStdout.allCases)
    func commands(_ broken: BrokenStdout) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            for arguments in [["list"], ["list", "--json"], ["export", "--format", "jsonl"], ["export", "--format", "markdown"], ["now", "--json"]] {
                // Each command prints something when stdout works, so a failure cannot pass unseen.
                #expect(try await sandbox.run(arguments).stdout.isEmpty == false, "\(arguments)")
                let result = try await sandbox.run(arguments, stdout: try broken.output())
                #expect(result.endedCleanly, "\(arguments): \(result.stderr)")
                switch broken {
                case .full:
                    #expect(result.status == 1, "\(arguments)")
                    #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
                    #expect(result.stderr.hasPrefix("margin: cannot write to standard output (No space left on device)"), "\(result.stderr)")
                case .readerGone:
                    #expect(result.status == 0, "\(arguments)")
                    #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
                case .closed:
                    #expect(result.status == 1, "\(arguments)")
                    #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
                    #expect(result.stderr.hasPrefix("margin: cannot write to standard output (it is closed)"), "\(result.stderr)")
                }
            }
        }
    }

    @Test("margin note stores the note exactly once and exits 0 whatever its stdout does", arguments: BrokenStdout.allCases)
    func note(_ broken: BrokenStdout) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let text = "kept exactly once (\(broken.rawValue))"
            for arguments in [["note", text, "--json"], ["note", text + ", plain"]] {
                let result = try await sandbox.run(arguments, stdout: try broken.output())
                #expect(result.endedCleanly, "\(result.stderr)")
                #expect(result.status == 0, "a script must not take the note again: \(result.stderr)")
                switch broken {
                case .full:
                    #expect(result.stderrLines.count == 1, "\(result.stderr)")
                    #expect(result.stderr.hasPrefix("margin: saved "), "\(result.stderr)")
                    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
                case .readerGone:
                    #expect(result.stderr.isEmpty, "\(result.stderr)")
                case .closed:
                    #expect(result.stderrLines.count == 1, "\(result.stderr)")
                    #expect(result.stderr.hasPrefix("margin: saved "), "\(result.stderr)")
                    #expect(result.stderr.contains("(it is closed)"), "\(result.stderr)")
                }
            }
            let texts = try await sandbox.notes("list", "--json").compactMap { $0["text"] as? String }
            #expect(texts.sorted() == [text, text + ", plain"])
        }
    }
}
