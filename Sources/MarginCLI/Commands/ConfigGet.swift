import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SyncHub

extension MarginCommand.Config {
    /// `margin config get [KEY]`: the value margin uses (the environment's, the file's, or the
    /// default, marked), or every value set; `--show-origin` says where each comes from.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print the value in effect: the environment's, config.toml's or the default (exit 1 when none); without KEY, all set values.")

        @Argument(help: "A key (see 'margin config --help').", completion: .list(ConfigKey.names)) var key: String?
        @Flag(help: "Print where the value comes from first, then a tab: env:VARIABLE, file:PATH or default.")
        var showOrigin = false

        func run() async throws {
            let settings = try Settings()
            if let key {
                let key = try MarginCommand.Config.key(key)
                guard let value = settings.effective(key) else { throw SettingError.configKeyUnset(key.name) }
                let shown = Self.shown(key, value.value)
                if showOrigin {
                    try Console.out("\(value.origin.label)\t\(shown)")
                } else {
                    // A script reads the value; only a default is marked, as `config list` marks it.
                    try Console.out(value.origin == .defaultValue ? "\(shown) (default)" : shown)
                }
                return
            }
            for key in ConfigKey.all {
                guard let value = settings.effective(key), value.origin != .defaultValue else { continue }
                try Console.out(Self.line(key, value, showOrigin: showOrigin))
            }
        }

        /// `key = value`, marked with where it comes from unless that is the config file
        /// (`(default)`, `(from MARGIN_CLIENT_ID)`); with `showOrigin`, the origin and a tab first.
        static func line(_ key: ConfigKey, _ value: ConfigValue, showOrigin: Bool) -> String {
            let shown = Self.shown(key, value.value)
            if showOrigin { return "\(value.origin.label)\t\(key.name) = \(shown)" }
            switch value.origin {
            case .file: return "\(key.name) = \(shown)"
            case .defaultValue: return "\(key.name) = \(shown) (default)"
            case .environment(let variable):
                return "\(key.name) = \(shown) (from \(variable)\(value.overridesFile ? ", over config.toml" : ""))"
            }
        }

        /// The value as printed: a password in a URL (sync.url, or any other URL a user wrote
        /// with one, in the file or the environment) is shown as `****`.
        static func shown(_ key: ConfigKey, _ value: String) -> String {
            switch key.kind {
            case .hubURL, .httpURL, .redirectURI: HubAddress.redacted(value)
            default: value
            }
        }
    }

    /// `margin config list`: every key with the value margin uses, marked with where it comes
    /// from (the environment, the default), or `(not set)`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print every configuration key with the value in effect: the environment's, config.toml's or the default.")

        @Flag(help: "Print where each value comes from first, then a tab: env:VARIABLE, file:PATH, default or none.")
        var showOrigin = false

        func run() async throws {
            let settings = try Settings()
            for key in ConfigKey.all {
                guard let value = settings.effective(key) else {
                    try Console.out(showOrigin ? "none\t\(key.name) = (not set)" : "\(key.name) = (not set)")
                    continue
                }
                try Console.out(Get.line(key, value, showOrigin: showOrigin))
            }
        }
    }
}
