/// Where the value margin uses for a config key comes from: the environment wins over the
/// config file, which wins over the key's default.
public enum ConfigOrigin: Sendable, Equatable {
    /// The environment variable named, set and not empty.
    case environment(String)
    /// `config.toml`, at the path given.
    case file(String)
    /// The key's default: neither the environment nor the file sets it.
    case defaultValue

    /// The origin as `config get --show-origin` prints it before the value, as
    /// `git config --show-origin` does: `env:MARGIN_CLIENT_ID`, `file:PATH`, `default`.
    public var label: String {
        switch self {
        case .environment(let variable): "env:\(variable)"
        case .file(let path): "file:\(path)"
        case .defaultValue: "default"
        }
    }
}

/// A config key's value in effect and where it comes from (``Settings/effective(_:)``).
public struct ConfigValue: Sendable, Equatable {
    public let value: String
    public let origin: ConfigOrigin
    /// True when the environment's value hides one the config file has: `config set` then
    /// changes nothing until the variable is unset.
    public let overridesFile: Bool

    public init(_ value: String, from origin: ConfigOrigin, overridesFile: Bool = false) {
        self.value = value
        self.origin = origin
        self.overridesFile = overridesFile
    }
}
