import Foundation
import TestSupport
import Testing

/// The terminal harness leaves the cooperative pool to the code under test: the in-process
/// emulator answers on that pool, which has as many threads as the machine has cores.
@Suite("the terminal harness")
struct TmuxSessionTests {
    @Test("tmux clients waiting on a server that does not answer leave the pool free: a login against the emulator still ends")
    func clientsLeaveThePoolFree() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let tmux = try await TmuxSession.start(["--help"], environment: sandbox.environment(), in: sandbox.root)
            defer { tmux.stop() }
            let server = tmux.server, socket = tmux.socket
            kill(server, SIGSTOP)
            // Were the pool's threads held by the clients, nothing on it would run until a thread
            // outside it lets the server go on: the test then ends, failing, instead of hanging.
            // A deadline only a hang reaches, on a Dispatch thread: Dispatch's own queues are not
            // the cooperative pool.
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
                if let command = FileManager.default.contents(atPath: "/proc/\(server)/cmdline"),
                   String(decoding: command, as: UTF8.self).contains(socket) { kill(server, SIGCONT) }
            }
            // When each client had its screen: none can before the server goes on.
            let clients = Task {
                await withTaskGroup(of: ContinuousClock.Instant?.self) { group in
                    for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 2) {
                        group.addTask { (try? await tmux.screen()).map { _ in ContinuousClock.now } }
                    }
                    return await group.reduce(into: [ContinuousClock.Instant]()) { answers, answer in answer.map { answers.append($0) } }
                }
            }
            // Every client is started, and blocked on the stopped server, before the login starts.
            let clientCount = ProcessInfo.processInfo.activeProcessorCount + 2
            try await waitUntil("\(clientCount) tmux clients waiting on the stopped server") {
                (try ProcessTable.commandLines()).count { $0.contains("capture-pane") && $0.contains(socket) } >= clientCount
            }
            let login = try await sandbox.login()
            let loginEnded = ContinuousClock.now
            kill(server, SIGCONT)
            let answers = await clients.value
            #expect(login.status == 0, "\(login.stderr)")
            #expect(answers.allSatisfy { $0 > loginEnded }, "the login ended only once the stopped server let its clients go")
        }
    }

    @Test("sessions started one after another in one folder each have their own exit status and server")
    func sessionsInOneFolder() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let first = try await TmuxSession.start(["--help"], environment: sandbox.environment(), in: sandbox.root)
            #expect(try await first.exitStatus() == 0)
            first.stop()
            // Not yet ended: an exit status read now would be the first session's.
            let second = try await TmuxSession.start(["nosuchcommand"], environment: sandbox.environment(), in: sandbox.root)
            defer { second.stop() }
            #expect(second.server != first.server)
            #expect(try await second.exitStatus() == 64)
        }
    }
}
