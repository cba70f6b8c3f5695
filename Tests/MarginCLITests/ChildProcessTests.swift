import Foundation
import TestSupport
import Testing

/// The programs the end-to-end tests start begin as a shell would start them, whatever thread
/// of the test runner starts them.
@Suite("programs started by the tests")
struct ChildProcessTests {
    @Test("no signal blocked or ignored, and only descriptors 0, 1 and 2")
    func cleanStart() async throws {
        let status = try await MarginProcess.run(["-E", "^Sig(Blk|Ign)", "/proc/self/status"], environment: [:], executable: "/bin/grep")
        func mask(_ name: String) -> UInt64? {
            status.stdout.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        #expect(mask("SigBlk") == 0, "\(status.stdout)")
        // Signals 1 to 31; the real-time ones beyond are the C library's business.
        #expect(mask("SigIgn").map { $0 & 0x7FFF_FFFF } == 0, "\(status.stdout)")
        // ls opens the folder it lists: that one descriptor beyond 2 is its own.
        let descriptors = try await MarginProcess.run(["/proc/self/fd"], environment: [:], executable: "/bin/ls")
        let open = descriptors.stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(open.filter { $0 > 2 }.count <= 1, "\(open)")
    }

    @Test("a child that outlives its output does not delay another's end being seen")
    func independentEnds() async throws {
        // Closes every descriptor it did not open (as pulseaudio and tmux do), then lives on
        // until something is written to its FIFO.
        let mark = "lingering-\(UUID().uuidString)"
        let fifo = try temporaryDirectory("linger") + "/go"
        try #require(mkfifo(fifo, 0o600) == 0)
        async let lingering = MarginProcess.run(["python3", "-c", "import os, sys; os.closerange(3, 65536); open(sys.argv[1]).read()", fifo, mark],
                                                environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/env", timeout: .seconds(60))
        // The lingering child is under way before the quick one starts.
        try await waitUntil("the lingering child running") { (try? ProcessTable.commandLines().contains { $0.contains(mark) }) == true }
        let quick = try await MarginProcess.run(["ok"], environment: [:], executable: "/bin/echo", timeout: .seconds(3))
        #expect(quick.stdout == "ok\n")
        let released = try await MarginProcess.run(["-c", "echo go > \"$1\"", "sh", fifo], environment: [:], executable: "/bin/sh", timeout: .seconds(30))
        #expect(released.status == 0)
        #expect(try await lingering.status == 0)
    }

    @Test("a signal sent to the child reaches it, and its end names the signal")
    func signalled() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"], environment: [:])
        child.send(SIGTERM)
        #expect(await child.exit(within: .seconds(10)) == ChildProcess.Exit(status: SIGTERM, signal: SIGTERM))
    }
}
