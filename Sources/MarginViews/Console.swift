import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where margin writes: results to stdout, diagnostics to stderr.
public enum Console {
    /// Prints `text` and a newline on stdout; a failed write is thrown, for the command to end with.
    ///
    /// On a terminal, control characters are replaced (see ``SafeOutput``): `--json` escapes
    /// only those below U+0020, and a note's DEL or C1 control must not reach the terminal raw.
    /// `filtered: false` is for text already made safe that carries margin's own colour escapes.
    public static func out(_ text: String, filtered: Bool? = nil) throws(OutputFile.Failure) {
        var output = SafeOutput(.standardOutput, filters: filtered == false ? false : nil)
        try output.write(Data((text + "\n").utf8))
        try output.finish()
    }

    /// Prints `text` and a newline on stderr.
    public static func err(_ text: String) {
        prompt(text + "\n")
    }

    /// Prints `text` on stderr as it is, for a question answered on the same line.
    public static func prompt(_ text: String) {
        // A diagnostic that cannot be written has nowhere else to go: it is dropped, and the
        // command's exit status still tells what happened.
        try? OutputFile(descriptor: STDERR_FILENO, name: "standard error").write(text)
    }

    public static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
