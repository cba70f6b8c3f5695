import ArgumentParser
import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `--no-pager`, taken by the commands whose output can run past a screen (`list`, `search`).
struct PagerOptions: ParsableArguments {
    @Flag(name: .customLong("no-pager"), help: "Print straight to the terminal, not through $PAGER.")
    var noPager = false

    /// Sends the rest of stdout through the pager when stdout is a terminal and one is wanted;
    /// nil when the output goes straight out. ``Pager/finish()`` waits for the reader.
    func start(environment: [String: String]) -> Pager? {
        guard !noPager, isatty(STDOUT_FILENO) == 1 else { return nil }
        return Pager.start(environment: environment)
    }
}

/// The pager a long listing is read in, as git and gh run theirs: `$PAGER` (through the
/// shell, so it may carry arguments), else `less`, with `LESS=FRX` unless `LESS` is set
/// (quit at once when the text fits a screen, colours kept, the screen not cleared after).
/// `PAGER=` or `PAGER=cat` turns it off.
///
/// margin's stdout becomes the pager's input; the pager draws on the terminal. While it runs,
/// Ctrl-C and Ctrl-\ are the pager's (margin ignores them and waits for it to end).
final class Pager {
    private let pid: pid_t
    private let terminal: Int32
    private let signals: Signals.Scope

    private init(pid: pid_t, terminal: Int32, signals: Signals.Scope) {
        (self.pid, self.terminal, self.signals) = (pid, terminal, signals)
    }

    static func start(environment: [String: String]) -> Pager? {
        let command = environment["PAGER"] ?? (ChildProcess.find("less", environment: environment) != nil ? "less" : "")
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty, command != "cat" else { return nil }
        guard let ends = ChildProcess.pipe() else { return nil }
        var variables = environment
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        // Ignored from before the pager starts, so that a Ctrl-C meant for it never ends margin
        // first; the pager itself starts with them at their defaults.
        let signals = Signals.Scope(ignoring: [SIGINT, SIGQUIT])
        let spawned = ChildProcess.start(["/bin/sh", "-c", command], input: .descriptor(ends.read), environment: variables)
        close(ends.read)
        let terminal = dup(STDOUT_FILENO)
        guard case .success(let pid) = spawned, terminal >= 0, dup2(ends.write, STDOUT_FILENO) >= 0 else {
            close(ends.write)
            if terminal >= 0 { close(terminal) }
            signals.end()
            return nil
        }
        close(ends.write)
        OutputFile.standardOutputPaged.store(true, ordering: .relaxed)
        return Pager(pid: pid, terminal: terminal, signals: signals)
    }

    /// Ends the pager's input and waits until the reader quits it; stdout is the terminal again.
    func finish() {
        OutputFile.standardOutputPaged.store(false, ordering: .relaxed)
        dup2(terminal, STDOUT_FILENO)
        close(terminal)
        _ = try? ChildProcess.wait(for: pid)
        signals.end()
    }
}
