import ArgumentParser
import Foundation
import NoteSync

extension MarginCommand.Config {
    /// `margin config get [KEY]`: one value, or every set value as `key = value`.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print a configuration value (exit 1 when unset), or all set values.")

        @Argument(help: "client-id, redirect-uri or market.") var key: String?

        func run() async throws {
            let config = try Settings().config
            if let key {
                let fileKey = try MarginCommand.Config.fileKey(key)
                guard let value = config[fileKey] else { throw CLIError.configKeyUnset(key) }
                try Console.out(Self.shown(fileKey, value))
                return
            }
            for fileKey in ConfigFile.keys {
                if let value = config[fileKey] { try Console.out("\(MarginCommand.Config.userKey(fileKey)) = \(Self.shown(fileKey, value))") }
            }
        }

        /// The value as printed: a password written into sync.url by hand is shown as `***`.
        static func shown(_ fileKey: String, _ value: String) -> String {
            fileKey == "sync.url" ? HubAddress.redacted(value) : value
        }
    }
}
