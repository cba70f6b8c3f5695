import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where margin writes: results to stdout, diagnostics to stderr.
enum Console {
    /// Prints `text` and a newline on stdout; a failed write is thrown, for the command to end with.
    static func out(_ text: String) throws(OutputFile.Failure) {
        try OutputFile.standardOutput.write(text + "\n")
    }

    /// Prints `text` and a newline on stderr.
    static func err(_ text: String) {
        prompt(text + "\n")
    }

    /// Prints `text` on stderr as it is, for a question answered on the same line.
    static func prompt(_ text: String) {
        // A diagnostic that cannot be written has nowhere else to go: it is dropped, and the
        // command's exit status still tells what happened.
        try? OutputFile(descriptor: STDERR_FILENO, name: "standard error").write(text)
    }

    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
