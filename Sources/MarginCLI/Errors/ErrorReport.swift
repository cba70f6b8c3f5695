import ArgumentParser
import Foundation
import MarginViews

/// The one printer of the argument parser's errors: every error line starts with `margin: `,
/// whichever command failed and wherever the error came from.
///
/// ArgumentParser's own printer starts its lines with `Error:` and adds the command's usage,
/// which misleads when a command refuses at run time (`margin delete ID` reading from a pipe
/// is not a usage mistake). Help and `--version` still print as the parser prints them.
enum ErrorReport {
    /// Prints `error` and exits with its code; `parsing` adds the usage line and the pointer to
    /// `--help`, which help only when the words typed were the mistake.
    static func exit(_ error: any Error, parsing: Bool) -> Never {
        let code = MarginCommand.exitCode(for: error)
        guard code != .success else {
            // Help ends with the command's examples; `--version` prints as the parser prints it.
            let help = MarginCommand.fullMessage(for: error, columns: nil)
            guard help.split(separator: "\n").contains(where: { $0.hasPrefix("USAGE: ") }) else { MarginCommand.exit(withError: error) }
            try? Console.out(HelpExamples.appended(to: help).trimmingCharacters(in: .newlines))
            Foundation.exit(0)
        }
        let message = MarginCommand.message(for: error)
        guard !message.isEmpty else { Foundation.exit(code.rawValue) }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: true).map { "margin: \(Self.lowered($0))" }
        if parsing {
            let full = MarginCommand.fullMessage(for: error, columns: nil)
            lines += full.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("Usage:") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("See '") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        Console.err(lines.joined(separator: "\n"))
        Foundation.exit(code.rawValue)
    }

    /// `Error: Missing …` and the like, read as one sentence after `margin: `, as margin's own
    /// messages do: "margin: missing expected argument '<id>'". A capital that starts a name
    /// (`ID`, `REF`) stays.
    private static func lowered(_ line: Substring) -> String {
        var text = String(line)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        let letters = Array(text.prefix(2))
        guard letters.count == 2, letters[0].isUppercase, letters[1].isLowercase else { return text }
        return letters[0].lowercased() + text.dropFirst()
    }
}
