import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteSync

extension MarginCommand.Config {
    /// `margin config get [KEY]`: one value (or its default, marked), or every set value.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print a configuration value or its default (exit 1 when unset without one), or all set values.")

        @Argument(help: "A key (see 'margin config --help').") var key: String?

        func run() async throws {
            let config = try Settings().config
            if let key {
                let key = try MarginCommand.Config.key(key)
                if let value = config[key.fileName] {
                    try Console.out(Self.shown(key.fileName, value))
                } else if let fallback = key.defaultValue {
                    try Console.out("\(fallback) (default)")
                } else {
                    throw SettingError.configKeyUnset(key.name)
                }
                return
            }
            for key in ConfigKey.all {
                if let value = config[key.fileName] { try Console.out("\(key.name) = \(Self.shown(key.fileName, value))") }
            }
        }

        /// The value as printed: a password written into sync.url by hand is shown as `***`.
        static func shown(_ fileKey: String, _ value: String) -> String {
            fileKey == "sync.url" ? HubAddress.redacted(value) : value
        }
    }

    /// `margin config list`: every key with its value, its default marked, or `(not set)`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print every configuration key with its value or its default.")

        func run() async throws {
            let config = try Settings().config
            for key in ConfigKey.all {
                let shown = config[key.fileName].map { Get.shown(key.fileName, $0) }
                    ?? key.defaultValue.map { "\($0) (default)" } ?? "(not set)"
                try Console.out("\(key.name) = \(shown)")
            }
        }
    }
}
