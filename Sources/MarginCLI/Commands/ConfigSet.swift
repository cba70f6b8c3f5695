import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SyncHub

extension MarginCommand.Config {
    /// `margin config set KEY VALUE`: checked against the key table, then written.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a configuration value.")

        @Argument(help: "A key (see 'margin config --help').", completion: .list(ConfigKey.names)) var key: String
        // Everything after the key, so that a value such as `-5` reaches the key's own check
        // (and its explanation) instead of being taken for an option.
        @Argument(parsing: .allUnrecognized, help: "The value.", completion: .custom { words, index, _ in Self.values(words, index) })
        var value: [String] = []

        /// The value's words, without the `--` that the parser would have taken for itself.
        private var words: [String] { value.first == "--" ? Array(value.dropFirst()) : value }

        func validate() throws {
            guard let first = words.first else { throw ValidationError("Missing expected argument '<value>'") }
            guard words.count == 1 else { throw ValidationError("Unexpected argument '\(words[1])' after '\(first)'") }
        }

        func run() async throws {
            let key: ConfigKey, stored: String
            do { key = try MarginCommand.Config.key(self.key) } catch { throw SuggestedSettingError.improving(error) }
            do { stored = try Self.check(key, words[0]) } catch let error as SettingError {
                throw SuggestedSettingError.improving(error, kind: key.kind)
            }
            try ConfigWriter.update { $0.set(key.fileName, stored) }
            if case .environment(let variable)? = try Settings().effective(key)?.origin {
                Console.err("margin: \(variable) is set and wins over config.toml; unset it for this value to be used")
            }
        }

        /// The value to store, or the error that says what the key takes.
        static func check(_ key: ConfigKey, _ value: String) throws -> String {
            let stored = try key.normalized(value)
            if key.kind == .hubURL {
                // The sync library owns the URL's syntax; a password never goes into a plain file.
                let address = try HubAddress(stored, environment: [:])
                if address.password != nil { throw SettingError.passwordInConfig }
            }
            return stored
        }

        /// What completes the value of the key typed before it, among `words` (the command line,
        /// the value at `index`): the words of a key with a fixed set, none for the others.
        static func values(_ words: [String], _ index: Int) -> [String] {
            guard index <= words.count, let set = words.prefix(index).lastIndex(of: "set"),
                  let typed = words[(set + 1)..<index].first(where: { !$0.hasPrefix("-") }),
                  let key = ConfigKey.named(typed) else { return [] }
            switch key.kind {
            case .flag: return ["true", "false"]
            case .choice(let words): return words
            case .market: return SpotifyMarkets.codes.sorted()
            default: return []
            }
        }
    }

    /// `margin config unset KEY`: removes the key's line, so that its default applies again.
    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: "Remove a configuration value, so that its default applies.")

        @Argument(help: "A key (see 'margin config --help').", completion: .list(ConfigKey.names)) var key: String

        func run() async throws {
            let key = try MarginCommand.Config.key(key)
            try ConfigWriter.update { $0.unset(key.fileName) }
        }
    }
}
