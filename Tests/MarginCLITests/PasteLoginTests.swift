import Foundation
import Synchronization
import Testing

/// Collects a pipe's output as it arrives.
final class OutputCollector: Sendable {
    private let buffer = Mutex(Data())

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                buffer.withLock { $0.append(chunk) }
            }
        }.start()
    }

    var text: String { buffer.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits until `predicate` holds for the output so far, or `timeout` passes.
    func wait(timeout: Duration = .seconds(20), until predicate: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if predicate(text) { return text }
            try await Task.sleep(for: .milliseconds(20))
        }
        return text
    }
}

@Suite("margin login over SSH")
struct PasteLoginTests {
    @Test("on a terminal, a pasted redirect URL completes the login without a browser, after one of another login is refused")
    func pastedRedirect() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
        let process = Process()
        // script(1) gives margin a terminal on stdin, as an SSH session would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qefc", "'\(MarginProcess.marginPath)' login --no-browser --timeout 20", "/dev/null"]
        process.environment = sandbox.environment(["BROWSER": "/bin/false"])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let collector = OutputCollector(output.fileHandleForReading)
        let prompt = try await collector.wait { $0.contains("paste the full address") }
        let authorize = try #require(prompt.split(whereSeparator: \.isWhitespace).first { $0.contains("/authorize?") })

        let curl = try await MarginProcess.run(["-s", "-o", "/dev/null", "-w", "%{redirect_url}", String(authorize)],
                                               environment: [:], executable: "/usr/bin/curl")
        #expect(curl.stdout.contains("code="))
        input.fileHandleForWriting.write(Data("not a url\n".utf8))
        _ = try await collector.wait { $0.contains("That is not the redirect address") }
        // A redirect address from another login (its state differs) is refused, and margin waits on.
        let forged = curl.stdout.replacingOccurrences(of: #"state=[^&]*"#, with: "state=WRONG", options: .regularExpression)
        #expect(forged != curl.stdout)
        input.fileHandleForWriting.write(Data((forged + "\n").utf8))
        let refused = try await collector.wait { $0.contains("does not match this login") }
        #expect(refused.contains("does not match this login"))
        input.fileHandleForWriting.write(Data((curl.stdout + "\n").utf8))

        let done = try await collector.wait { $0.contains("Logged in to Spotify as") }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(done)")
        #expect(done.contains("Logged in to Spotify as Margin Listener"))
        #expect(FileManager.default.fileExists(atPath: sandbox.credentialsPath))
    }
}
