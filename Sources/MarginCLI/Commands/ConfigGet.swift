import ArgumentParser
import Foundation

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
                guard let value = config[try MarginCommand.Config.fileKey(key)] else { throw CLIError.configKeyUnset(key) }
                try Console.out(value)
                return
            }
            for fileKey in ConfigFile.keys {
                if let value = config[fileKey] { try Console.out("\(MarginCommand.Config.userKey(fileKey)) = \(value)") }
            }
        }
    }
}
