import ArgumentParser
import Foundation
import MarginViews
#if canImport(Glibc)
import Glibc
#endif

extension ColorChoice: ExpressibleByArgument {}

/// `--color auto|always|never`, taken by every command: read from the words before they are
/// parsed, so that it goes anywhere on the line as `--verbose` does for the commands that have it.
enum ColorOption {
    /// The palette of this run, from the process's own arguments and environment.
    static let palette: Palette = {
        let choice = (try? split(Array(CommandLine.arguments.dropFirst())).choice) ?? ColorChoice.auto
        return Palette(choice, environment: ProcessInfo.processInfo.environment,
                       stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
    }()

    /// `arguments` without `--color X` / `--color=X` (up to a `--`), and the choice they made.
    static func split(_ arguments: [String]) throws -> (choice: ColorChoice?, rest: [String]) {
        var rest: [String] = [], choice: ColorChoice?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { rest += arguments[index...]; break }
            if word == "--color" {
                guard index + 1 < arguments.count else { throw problem("") }
                choice = try value(arguments[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("--color=") {
                choice = try value(String(word.dropFirst("--color=".count)))
            } else {
                rest.append(word)
            }
            index += 1
        }
        return (choice, rest)
    }

    private static func value(_ raw: String) throws -> ColorChoice {
        guard let choice = ColorChoice(rawValue: raw.lowercased()) else { throw problem(raw) }
        return choice
    }

    private static func problem(_ raw: String) -> ValidationError {
        let names = ColorChoice.allCases.map(\.rawValue)
        guard !raw.isEmpty else { return ValidationError("--color needs a value: auto, always or never") }
        return ValidationError("the value '\(Terminal.sanitize(raw))' is invalid for '--color': \(ChoiceArgument.refusal(raw.lowercased(), names))")
    }
}
