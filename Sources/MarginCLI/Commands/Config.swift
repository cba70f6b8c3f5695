import ArgumentParser
import Foundation

extension MarginCommand {
    /// `margin config`: manages `config.toml`.
    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Manage margin's configuration (client-id, redirect-uri, market).",
            subcommands: [Set.self, Get.self, Path.self])

        /// Maps a user-facing key (`client-id`) to the file's (`client_id`).
        static func fileKey(_ key: String) throws(CLIError) -> String {
            let normalized = key.replacingOccurrences(of: "-", with: "_").lowercased()
            guard ConfigFile.keys.contains(normalized) else { throw .unknownConfigKey(key) }
            return normalized
        }

        static func userKey(_ fileKey: String) -> String {
            fileKey.replacingOccurrences(of: "_", with: "-")
        }
    }
}
