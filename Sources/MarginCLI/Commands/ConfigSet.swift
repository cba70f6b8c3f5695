import ArgumentParser
import Foundation
import SpotifyClient

extension MarginCommand.Config {
    /// `margin config set KEY VALUE`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a configuration value.")

        @Argument(help: "client-id, redirect-uri or market.") var key: String
        @Argument(help: "The value.") var value: String

        func run() async throws {
            let settings = try Settings()
            let fileKey = try MarginCommand.Config.fileKey(key)
            try Self.check(fileKey, value)
            var config = settings.config
            config.set(fileKey, value)
            try write(config.text, to: settings.paths.configFile, directory: settings.paths.configDirectory)
        }

        static func check(_ key: String, _ value: String) throws {
            switch key {
            case "client_id":
                guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                    throw CLIError.invalidConfigValue(key: "client-id", value: value, example: "0123456789abcdef0123456789abcdef")
                }
            case "redirect_uri":
                _ = try RedirectURI(value)
            default:
                guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                    throw CLIError.invalidConfigValue(key: "market", value: value, example: "DE")
                }
            }
        }

        private func write(_ text: String, to path: String, directory: String) throws {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CLIError.configUnwritable(path: path, reason: error.localizedDescription)
            }
        }
    }
}
