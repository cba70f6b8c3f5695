/// One key of `config.toml`: its name, the form of its values, its default and its help.
///
/// ``ConfigKey/all`` is the one table of keys: `config set/get/unset/list`, `config --help`,
/// the table of docs/configuration.md and the typed ``Settings`` all read it, so a key is added in one place.
public struct ConfigKey: Sendable, Equatable {
    /// The name as written in the file (`client_id`, `note.pin_timeout`).
    public let fileName: String
    /// The form of its values, which decides how a value is checked and normalized.
    public let kind: ConfigValueKind
    /// The value margin uses when the key is not set, as the user would write it; nil when
    /// there is none (the key's absence means something of its own).
    public let defaultValue: String?
    /// A value that `config set` accepts, for the help and for the error that refuses one.
    public let example: String
    /// One line of help: what the key does.
    public let help: String
    /// The environment variable that wins over the key when it is set and not empty
    /// (`MARGIN_CLIENT_ID` for `client_id`); nil when only the file sets it.
    public let variable: String?

    public init(_ fileName: String, _ kind: ConfigValueKind, default defaultValue: String? = nil, example: String,
                help: String, variable: String? = nil) {
        self.fileName = fileName
        self.kind = kind
        self.defaultValue = defaultValue
        self.example = example
        self.help = help
        self.variable = variable
    }

    /// The name as the user types it (`client-id`, `note.pin-timeout`).
    /// (Swift's own map rather than Foundation's `replacingOccurrences`: every command's help
    /// tree names every key, and Foundation's string bridging is a cost at each start.)
    public var name: String { String(fileName.map { $0 == "_" ? "-" : $0 }) }

    /// The key the user typed, in either spelling and any case; nil for an unknown key.
    public static func named(_ typed: String) -> ConfigKey? {
        let normalized = String(typed.map { $0 == "-" ? "_" : $0 }).lowercased()
        return all.first { $0.fileName == normalized }
    }

    /// The names of the keys as the user types them, in the table's order.
    public static var names: [String] { all.map(\.name) }
}
