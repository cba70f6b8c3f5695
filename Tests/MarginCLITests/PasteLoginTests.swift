import Foundation
import Synchronization
import TestSupport
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
        (try? await eventually("the output", within: timeout, every: .milliseconds(20)) { predicate(text) ? text : nil }) ?? text
    }
}

@Suite("margin login over SSH")
struct PasteLoginTests {
    @Test("on a terminal, a pasted redirect URL completes the login without a browser, after one of another login is refused")
    func pastedRedirect() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            // script(1) gives margin a terminal on stdin, as an SSH session would.
            let input = try ChildPipe(), output = try ChildPipe()
            // The login waits as long as a loaded machine may need between the pastes: only a hang reaches 300 s.
            let process = try ChildProcess("/usr/bin/script", ["-qefc", "'\(MarginProcess.marginPath)' login --no-browser --timeout 300", "/dev/null"],
                                           environment: sandbox.environment(["BROWSER": "/bin/false"]),
                                           input: input.read, output: output.write, errors: output.write)
            try input.read.close()
            try output.write.close()
            let collector = OutputCollector(output.read)
            let prompt = try await collector.wait { $0.contains("paste the full address") }
            let authorize = try #require(prompt.split(whereSeparator: \.isWhitespace).first { $0.contains("/authorize?") })

            let curl = try await MarginProcess.run(["-s", "-o", "/dev/null", "-w", "%{redirect_url}", String(authorize)],
                                                   environment: [:], executable: "/usr/bin/curl")
            #expect(curl.stdout.contains("code="))
            try input.write.write(contentsOf: Data("not a url\n".utf8))
            _ = try await collector.wait { $0.contains("That is not the redirect address") }
            // A redirect address from another login (its state differs) is refused, and margin waits on.
            let forged = curl.stdout.replacingOccurrences(of: #"state=[^&]*"#, with: "state=WRONG", options: .regularExpression)
            #expect(forged != curl.stdout)
            try input.write.write(contentsOf: Data((forged + "\n").utf8))
            let refused = try await collector.wait { $0.contains("does not match this login") }
            #expect(refused.contains("does not match this login"))
            try input.write.write(contentsOf: Data((curl.stdout + "\n").utf8))

            let done = try await collector.wait { $0.contains("Logged in to Spotify as") }
            #expect(await process.exit(within: .seconds(30))?.status == 0, "\(done)")
            #expect(done.contains("Logged in to Spotify as Margin Listener"))
            #expect(FileManager.default.fileExists(atPath: sandbox.credentialsPath))
        }
    }
}
