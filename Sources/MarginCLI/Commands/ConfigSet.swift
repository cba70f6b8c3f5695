import ArgumentParser
import Foundation
import NoteSync
import SpotifyClient

extension MarginCommand.Config {
    /// `margin config set KEY VALUE`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a configuration value.")

        @Argument(help: "client-id, redirect-uri, market, note.pin-timeout, note.lead, watch.pause-on-note, transcribe.command, transcribe.model, transcribe.timeout, sync.url, sync.auto or token-service.") var key: String
        @Argument(help: "The value.") var value: String

        func run() async throws {
            let fileKey = try MarginCommand.Config.fileKey(key)
            try Self.check(fileKey, value)
            let (settings, problem) = Settings.lenient()
            let path = settings.paths.configFile
            var config = settings.config
            if problem != nil {
                // The file cannot be parsed: keep what can be read, and the whole old file beside it.
                let old = FileManager.default.contents(atPath: path) ?? Data()
                let (salvaged, problems) = ConfigFile.salvage(String(decoding: old, as: UTF8.self))
                do { try old.write(to: URL(fileURLWithPath: path + ".bak"), options: .atomic) } catch {
                    throw CLIError.configUnwritable(path: path + ".bak", reason: error.localizedDescription)
                }
                config = salvaged
                let lines = problems.map { "line \($0.line) (\($0.reason))" }.joined(separator: ", ")
                Console.err("margin: left out what could not be read from '\(path)': \(lines); the old file is '\(path).bak'")
            }
            config.set(fileKey, value)
            try write(config.text, to: path, directory: settings.paths.configDirectory)
        }

        static func check(_ key: String, _ value: String) throws {
            switch key {
            case "client_id":
                guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                    throw CLIError.invalidConfigValue(key: "client-id", value: value, example: "0123456789abcdef0123456789abcdef")
                }
            case "redirect_uri":
                _ = try RedirectURI(value)
            case "note.pin_timeout":
                guard let seconds = Settings.seconds(value), seconds <= 60 else {
                    throw CLIError.invalidConfigValue(key: "note.pin-timeout", value: value, example: "2.5 (seconds, up to 60)")
                }
            case "note.lead":
                guard Settings.lead(value) != nil else {
                    throw CLIError.invalidConfigValue(key: "note.lead", value: value, example: "5 (seconds before the position, up to 600)")
                }
            case "watch.pause_on_note":
                guard Settings.flag(value) != nil else {
                    throw CLIError.invalidConfigValue(key: "watch.pause-on-note", value: value, example: "true or false")
                }
            case "transcribe.command":
                guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw CLIError.invalidConfigValue(key: "transcribe.command", value: value, example: "'whisper-cli -m ~/models/ggml-base.en.bin -nt -f'")
                }
            case "transcribe.model":
                guard value.hasPrefix("/") || value.hasPrefix("~") else {
                    throw CLIError.invalidConfigValue(key: "transcribe.model", value: value, example: "/usr/share/pocketsphinx/model/en-us")
                }
            case "transcribe.timeout":
                guard let seconds = Settings.seconds(value), seconds >= 1, seconds <= 3600 else {
                    throw CLIError.invalidConfigValue(key: "transcribe.timeout", value: value, example: "120 (seconds, 1 to 3600)")
                }
            case "sync.url":
                let address = try HubAddress(value, environment: [:])
                if address.password != nil { throw CLIError.passwordInConfig }
            case "sync.auto":
                guard Settings.flag(value) != nil else {
                    throw CLIError.invalidConfigValue(key: "sync.auto", value: value, example: "true or false")
                }
            case "token_service":
                guard Settings.httpURL(value) != nil else {
                    throw CLIError.invalidConfigValue(key: "token-service", value: value, example: "https://tokens.example.org")
                }
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
