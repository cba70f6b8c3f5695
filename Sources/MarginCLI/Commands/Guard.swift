import ArgumentParser
import Foundation
import Voice
#if canImport(Glibc)
import Glibc
#endif

extension MarginCommand {
    /// `margin _guard --parent PID -- PROGRAM [ARG…]`: runs a program margin started (a
    /// `transcribe.command`) so that it ends with margin, not a command for users. It stays
    /// between margin and the program, in the program's process group, and kills the group
    /// once margin is gone (SIGKILL included); otherwise it ends as the program ends.
    struct Guard: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: ChildGuard.subcommand, shouldDisplay: false)

        @Option var parent: Int32
        @Argument(parsing: .postTerminator) var command: [String]

        func run() throws {
            guard let program = command.first else { throw ExitCode(64) }
            var pid = pid_t()
            let argv = command.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { environment.forEach { free($0) } }
            guard posix_spawnp(&pid, program, nil, nil, argv, environment) == 0 else {
                FileHandle.standardError.write(Data("cannot start '\(program)'\n".utf8))
                throw ExitCode(127)
            }
            ParentWatch.whenGone(parent) { kill(0, SIGKILL) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            let signal = status & 0x7F
            if signal != 0 {
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            throw ExitCode((status >> 8) & 0xFF)
        }
    }
}
