import ArgumentParser
import Foundation

/// What the argument parser knows of a command: its names, its subcommands, which of its
/// options take a value, and whether it takes words that start with a dash as its own.
///
/// Read from the parser's own description of margin (the JSON of `--experimental-dump-help`),
/// so that ``ArgumentRewrite`` never drifts from the options the commands declare.
struct CommandShape: Sendable, Equatable {
    let name: String
    let aliases: [String]
    let subcommands: [CommandShape]
    /// Each option and flag as typed (`--db`, `-n`), true when it takes a value.
    let options: [String: Bool]
    /// Whether words with a dash that are not options are the command's own arguments:
    /// `search`'s `-word`, `tag`'s `-tag`, `config set`'s `-5`.
    let takesDashedWords: Bool

    init(name: String, aliases: [String] = [], subcommands: [CommandShape] = [], options: [String: Bool] = [:],
         takesDashedWords: Bool = false) {
        self.name = name
        self.aliases = aliases
        self.subcommands = subcommands
        self.options = options
        self.takesDashedWords = takesDashedWords
    }

    /// All of margin's commands, read once, when the words typed first need them: only for
    /// options typed before a word that is no command (reading every command costs more than
    /// reading the one named).
    static let margin: CommandShape = of(MarginCommand.self)

    /// The subcommand of `command` that `word` names (its name or an alias), if any.
    static func subcommand(of command: any ParsableCommand.Type, named word: String) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { $0.configuration.commandName == word || $0.configuration.aliases.contains(word) }
    }

    /// The shape of `command` and its subcommands; a root without any when the parser's
    /// description cannot be read (the words are then parsed as typed).
    static func of(_ command: any ParsableCommand.Type) -> CommandShape {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else {
            return CommandShape(name: command.configuration.commandName ?? "margin")
        }
        return CommandShape(dump.command)
    }

    /// The subcommand `word` names (its name or an alias), if any.
    func subcommand(named word: String) -> CommandShape? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// Every option of every command below this one, with whether it takes a value: one
    /// entry per answer, so an option that is a flag in one command and takes a value in
    /// another (`-e`: list's flag, export's episode) holds both.
    var optionsBelow: [String: Set<Bool>] {
        var all: [String: Set<Bool>] = [:]
        for command in subcommands {
            for (name, takesValue) in command.options { all[name, default: []].insert(takesValue) }
            for (name, answers) in command.optionsBelow { all[name, default: []].formUnion(answers) }
        }
        return all
    }

    private init(_ dump: Dump.Command) {
        var options: [String: Bool] = [:]
        var dashed = false
        for argument in dump.arguments ?? [] {
            switch argument.kind {
            case "option", "flag":
                for name in argument.names ?? [] { options[name.typed] = argument.kind == "option" }
            default:
                if argument.parsingStrategy == "allUnrecognized" { dashed = true }
            }
        }
        self.init(name: dump.commandName, aliases: dump.aliases ?? [], subcommands: (dump.subcommands ?? []).map(CommandShape.init),
                  options: options, takesDashedWords: dashed)
    }

    /// The parts of the parser's JSON this reads.
    private struct Dump: Decodable {
        struct Name: Decodable {
            let kind: String
            let name: String

            /// The name as typed: `--db`, `-n`, `-name` (a long name with one dash).
            var typed: String { (kind == "long" ? "--" : "-") + name }
        }

        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
            let parsingStrategy: String?
        }

        struct Command: Decodable {
            let commandName: String
            let aliases: [String]?
            let subcommands: [Command]?
            let arguments: [Argument]?
        }

        let command: Command
    }
}
