import FileSafety
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("starting a child process, waiting for it, and reading what it wrote")
struct ChildProcessTests {
    /// Starts `arguments` and waits for it to end.
    private func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ChildProcess.Ending {
        let pid = try ChildProcess.start(arguments, input: .null, output: .null, errors: .null, environment: environment).get()
        return try ChildProcess.wait(for: pid)
    }

    @Test("an exit code and a killing signal are told apart, and said plainly")
    func statuses() throws {
        let exited = try run(["/bin/sh", "-c", "exit 3"])
        #expect(exited == .exited(3))
        #expect(exited.description == "exit 3")
        #expect(!exited.succeeded)
        let killed = try run(["/bin/sh", "-c", "kill -TERM $$"])
        #expect(killed == .signaled(SIGTERM))
        #expect(killed.description == "signal \(SIGTERM)")
        #expect(try run(["/bin/sh", "-c", "exit 0"]).succeeded)
        // waitpid's encoding: the code in the second byte, the signal in the low seven bits.
        #expect(ChildProcess.Ending(status: 3 << 8) == .exited(3))
        #expect(ChildProcess.Ending(status: SIGKILL) == .signaled(SIGKILL))
    }

    @Test("a program is looked up on the PATH given: an executable file, not a plain file or a folder")
    func pathLookup() throws {
        let bin = try temporaryDirectory("childprocess")
        defer { try? FileManager.default.removeItem(atPath: bin) }
        // A link to the shell: an executable no test process holds open for writing.
        try FileManager.default.createSymbolicLink(atPath: bin + "/margin-test-tool", withDestinationPath: "/bin/sh")
        #expect(FileManager.default.createFile(atPath: bin + "/margin-test-plain", contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o644]))
        try FileManager.default.createDirectory(atPath: bin + "/margin-test-folder", withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        let environment = ["PATH": "/no/such/folder::" + bin]
        #expect(ChildProcess.find("margin-test-tool", environment: environment) == bin + "/margin-test-tool")
        #expect(ChildProcess.find("margin-test-plain", environment: environment) == nil)
        #expect(ChildProcess.find("margin-test-folder", environment: environment) == nil)
        #expect(ChildProcess.find("margin-test-tool", environment: ["PATH": "/usr/bin"]) == nil)
        // start looks a name without a slash up on the child's PATH.
        #expect(try run(["margin-test-tool", "-c", "exit 7"], environment: environment) == .exited(7))
        #expect(ChildProcess.start(["margin-test-plain"], environment: environment).failure?.code == ENOENT)
    }

    @Test("a program that does not exist is an error with its errno, not a crash")
    func missingProgram() {
        let byName = ChildProcess.start(["margin-no-such-program"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(byName.failure?.code == ENOENT)
        let byPath = ChildProcess.start(["/no/such/folder/program"])
        #expect(byPath.failure?.code == ENOENT)
        #expect(byPath.failure?.text.isEmpty == false)
        #expect(ChildProcess.start([]).failure?.code == EINVAL)
    }

    @Test("standard streams go to the pipes given, whose ends no other child inherits")
    func redirection() throws {
        let input = try #require(ChildProcess.pipe())
        let output = try #require(ChildProcess.pipe())
        let errors = try #require(ChildProcess.pipe())
        for end in [input.read, input.write, output.read, output.write] {
            #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
        }
        let pid = try ChildProcess.start(["/bin/sh", "-c", "cat; echo oops >&2"], input: .descriptor(input.read),
                                         output: .descriptor(output.write), errors: .descriptor(errors.write)).get()
        [input.read, output.write, errors.write].forEach { close($0) }
        let sent = Array("the bit about cache stampedes\n".utf8)
        #expect(sent.withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) } == sent.count)
        close(input.write)
        // Read to the end of both: the child has closed them, so it has ended.
        let read = ChildProcess.collect([output.read, errors.read], limits: [1024, 3])
        [output.read, errors.read].forEach { close($0) }
        #expect(!read.timedOut)
        #expect(read.bytes[0] == sent)
        #expect(read.bytes[1] == Array("oop".utf8))
        #expect(try ChildProcess.wait(for: pid) == .exited(0))
    }

    @Test("a deadline that has passed ends the reading, and the child can then be killed and reaped")
    func deadline() throws {
        // cat waits on an input that stays open, so it ends only when killed.
        let input = try #require(ChildProcess.pipe())
        let output = try #require(ChildProcess.pipe())
        let pid = try ChildProcess.start(["/bin/sh", "-c", "exec cat"], input: .descriptor(input.read), output: .descriptor(output.write),
                                         ownGroup: true).get()
        [input.read, output.write].forEach { close($0) }
        defer { [input.write, output.read].forEach { close($0) } }
        // Its own process group, as a timeout's kill needs.
        #expect(getpgid(pid) == pid)
        let read = ChildProcess.collect([output.read], limits: [16], until: .now)
        #expect(read.timedOut)
        kill(-pid, SIGKILL)
        #expect(try ChildProcess.wait(for: pid) == .signaled(SIGKILL))
    }

    @Test("a child can be waited for without blocking the caller, and a pid that is no child is an error")
    func waitingForms() async throws {
        let pid = try ChildProcess.start(["/bin/sh", "-c", "exit 5"], input: .null).get()
        #expect(try await ChildProcess.ending(of: pid) == .exited(5))
        #expect(throws: ChildProcess.Errno(code: ECHILD)) { try ChildProcess.wait(for: pid) }

        let other = try ChildProcess.start(["/bin/sh", "-c", "exit 6"], input: .null).get()
        let (ended, tell) = AsyncStream<Result<ChildProcess.Ending, ChildProcess.Errno>>.makeStream()
        ChildProcess.whenEnded(other) { tell.yield($0) }
        var iterator = ended.makeAsyncIterator()
        #expect(try await iterator.next()?.get() == .exited(6))
    }
}

private extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
