import ArgumentParser
import FileSafety
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
            guard case .success(let pid) = ChildProcess.start(command) else {
                FileHandle.standardError.write(Data("cannot start '\(program)'\n".utf8))
                throw ExitCode(127)
            }
            ParentWatch.whenGone(parent) { kill(0, SIGKILL) }
            switch try? ChildProcess.wait(for: pid) {
            case .signaled(let signal):
                // Ends as the program did, so that margin sees the same status.
                Signals.die(of: signal)
                throw ExitCode(128 + signal)
            case .exited(let code):
                throw ExitCode(code)
            case nil:
                throw ExitCode(1)
            }
        }
    }
}
