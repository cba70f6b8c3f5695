import Foundation

/// Where margin keeps its files, following the XDG base directory spec.
public struct Paths: Sendable {
    public let configDirectory: String
    public let dataDirectory: String
    public let home: String

    public var configFile: String { configDirectory + "/config.toml" }
    public var credentialsFile: String { configDirectory + "/credentials.json" }

    /// Reads `XDG_CONFIG_HOME` / `XDG_DATA_HOME` (absolute paths only, as the spec says) and `HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        self.home = home
        func base(_ name: String, _ fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configDirectory = base("XDG_CONFIG_HOME", ".config") + "/margin"
        dataDirectory = base("XDG_DATA_HOME", ".local/share") + "/margin"
    }
}
