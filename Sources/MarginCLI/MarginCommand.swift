import ArgumentParser
import Foundation
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
            Export.self, Import.self,
            Now.self, Devices.self, Pause.self, Resume.self, Seek.self, Back.self, Forward.self, Watch.self,
        ]
    )

    public init() {}

    /// Commands that always talk to Spotify: they start the HTTP client while the arguments
    /// are parsed, rather than after.
    static let reachesSpotify: [any ParsableCommand.Type] = [
        NoteCommand.self, Now.self, Devices.self, Pause.self, Resume.self, Seek.self, Back.self, Forward.self,
        Watch.self, Whoami.self,
    ]

    /// Parses `arguments`, runs the command, and exits with the contract's code on failure,
    /// printing one line on stderr (never a stack trace, never a secret).
    public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        StandardStreams.prepare()
        if let name = arguments.first, reachesSpotify.contains(where: { $0.configuration.commandName == name }) {
            Task.detached { AsyncHTTPTransport.warmUp() }
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch OutputFile.Failure.readerGone {
            // The reader stopped reading (`margin export | head`): that is its choice, not a
            // failure of margin's, so margin ends quietly and successfully. A pipeline's own
            // status (pipefail) then reports the reader, and a script never retries a
            // `margin note` that did store its note.
            Foundation.exit(0)
        } catch let error as any LocalizedError where ExitStatus.isMargins(error) {
            Console.err("margin: \(error.errorDescription ?? "failed")")
            Foundation.exit(ExitStatus.of(error).rawValue)
        } catch {
            exit(withError: error)
        }
    }
}

/// Flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print diagnostics (requests, retries, refreshes) on stderr; never tokens.")
    var verbose = false
}
