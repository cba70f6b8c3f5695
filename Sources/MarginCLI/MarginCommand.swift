import ArgumentParser
import FileSafety
import Foundation
import MarginViews
import SpotifyClient

/// `margin`: notes pinned to the moment in a Spotify podcast.
public struct MarginCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "margin",
        abstract: "Take notes pinned to the exact moment of the Spotify podcast you are listening to.",
        version: version,
        subcommands: [
            Login.self, Logout.self, Whoami.self, Config.self,
            NoteCommand.self, List.self, Show.self, Edit.self, Delete.self, Tag.self, Pin.self, Search.self, Jump.self,
            Listen.self, Transcribe.self, Sync.self, Episodes.self, Shows.self, Find.self, Play.self,
            Export.self, Import.self,
            Now.self, Devices.self, Pause.self, Resume.self, Seek.self, Back.self, Forward.self, Watch.self,
            Recognize.self, Guard.self,
        ]
    )

    public init() {}

    /// Commands that always talk to Spotify: they start the HTTP client while the arguments
    /// are parsed, rather than after.
    static let reachesSpotify: [any ParsableCommand.Type] = [
        NoteCommand.self, Now.self, Devices.self, Pause.self, Resume.self, Seek.self, Back.self, Forward.self,
        Watch.self, Whoami.self, Shows.self, Find.self, Play.self,
    ]

    /// Parses `arguments`, runs the command, and exits with the contract's code on failure,
    /// printing one line on stderr (never a stack trace, never a secret).
    public static func runMain(_ typed: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        StandardStreams.prepare()
        let arguments: [String]
        do {
            // `--color` anywhere, options before the command moved after it, `-n1` as `-n 1`.
            arguments = try ArgumentRewrite.rewrite(ColorOption.split(typed).rest)
        } catch {
            ErrorReport.exit(error, parsing: false)
        }
        if let name = arguments.first, reachesSpotify.contains(where: { $0.configuration.commandName == name }) {
            Task.detached { CurlTransport.warmUp() }
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if let message = CommandSuggestion.unknownCommand(in: arguments, root: Self.self) {
                Console.err("margin: \(message)")
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            ErrorReport.exit(error, parsing: true)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch {
            finish(with: error)
        }
    }

    /// Ends margin after `error`: margin's own errors (and any other with a description) in one
    /// line with their ``ExitStatus``; the parser's (help, validation, usage) as it reports them.
    static func finish(with error: any Error) -> Never {
        switch error {
        case let code as ExitCode:
            Foundation.exit(code.rawValue)
        case let output as OutputFile.Failure where output.isReaderGone:
            // The reader stopped reading (`margin export | head`): that is its choice, not a
            // failure of margin's, so margin ends quietly and successfully. A pipeline's own
            // status (pipefail) then reports the reader, and a script never retries a
            // `margin note` that did store its note.
            Foundation.exit(0)
        case let described as any LocalizedError:
            Console.err("margin: \(described.errorDescription ?? String(describing: error))")
            Foundation.exit(ExitStatus.of(error).rawValue)
        default:
            // Help (`--help` runs a command that throws its request), ValidationError, CleanExit
            // and the parser's internal errors: the parser's code, margin's prefix, and no
            // usage line, since the words typed parsed.
            ErrorReport.exit(error, parsing: false)
        }
    }
}

/// Flags most commands take; like any option, they may also come before the command
/// (`margin -v now`, see ``ArgumentRewrite``).
struct GlobalOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print diagnostics (requests, retries, refreshes) on stderr; never tokens.")
    var verbose = false
    /// Documents `--color`, which ``ColorOption`` reads for every command before parsing.
    @Option(help: "Colour (ids, times and tags; watch's view): auto (only when stdout is a terminal, NO_COLOR is unset or empty and TERM is not dumb), always or never.")
    var color: ColorChoice = .auto
}
