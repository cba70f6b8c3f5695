import ArgumentParser
import Foundation
import MarginConfig

extension MarginCommand {
    /// `margin config`: manages `config.toml`, every key from ``ConfigKey/all``.
    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Manage margin's configuration (config.toml).",
            discussion: keyHelp,
            subcommands: [Set.self, Get.self, Unset.self, List.self, Path.self])

        /// The key the user typed, in either spelling; exit 64 naming the keys otherwise.
        static func key(_ typed: String) throws(SettingError) -> ConfigKey {
            guard let key = ConfigKey.named(typed) else { throw .unknownConfigKey(typed) }
            return key
        }

        /// Every key with its type and default, its help on the line below (short enough that
        /// the help's wrapping at 80 columns never cuts it).
        static var keyHelp: String {
            let lines = ConfigKey.all.map { key in
                let fallback = key.defaultValue.map { ", default \($0)" } ?? ""
                return "  \(key.name) (\(key.kind.typeName)\(fallback))\n      \(key.help)"
            }
            return "KEYS:\n" + lines.joined(separator: "\n")
        }
    }
}
