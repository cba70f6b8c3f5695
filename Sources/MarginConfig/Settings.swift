import Foundation
import SpotifyClient

/// Everything a command reads from the environment and `config.toml`.
/// The environment wins over the config file; flags (passed in) win over both.
public struct Settings: Sendable {
    public let paths: Paths
    public let environment: [String: String]
    public let config: ConfigFile

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.environment = environment
        paths = Paths(environment: environment)
        config = try ConfigFile.load(path: paths.configFile)
    }

    /// Settings even when `config.toml` is broken (its values are then ignored), for the
    /// commands that must not fail on it: capture never loses text. Returns the problem too.
    public static func lenient(environment: [String: String] = ProcessInfo.processInfo.environment) -> (Settings, ConfigError?) {
        do {
            return (try Settings(environment: environment), nil)
        } catch let error as ConfigError {
            return (Settings(environment: environment, config: ConfigFile()), error)
        } catch {
            return (Settings(environment: environment, config: ConfigFile()), nil)
        }
    }

    public init(environment: [String: String], config: ConfigFile) {
        self.environment = environment
        paths = Paths(environment: environment)
        self.config = config
    }

    /// The environment's `variable` when set, else the config file's `key`; empty counts as unset.
    public func value(_ variable: String, config key: String? = nil) -> String? {
        if let env = environment[variable], !env.isEmpty { return env }
        return key.flatMap { config[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--client-id`, then `MARGIN_CLIENT_ID`, then `client_id` in the config file.
    public func clientID(flag: String?) throws(SettingError) -> String {
        if let flag, !flag.isEmpty { return flag }
        guard let id = value("MARGIN_CLIENT_ID", config: "client_id") else {
            throw .noClientID(redirect: (try? redirectURI().description) ?? RedirectURI.default)
        }
        return id
    }

    /// `MARGIN_REDIRECT_URI`, then `redirect_uri`, then `http://127.0.0.1:8888/callback`; checked.
    public func redirectURI() throws(RedirectURIError) -> RedirectURI {
        try RedirectURI(value("MARGIN_REDIRECT_URI", config: "redirect_uri") ?? RedirectURI.default)
    }

    /// Spotify's services, or the emulator's when `MARGIN_ACCOUNTS_URL` / `MARGIN_API_URL` say so.
    public func endpoints() throws(SettingError) -> SpotifyEndpoints {
        let accounts = try url("MARGIN_ACCOUNTS_URL", default: SpotifyEndpoints.spotifyAccounts)
        let api = try url("MARGIN_API_URL", default: SpotifyEndpoints.spotifyAPI)
        var timeout = Duration.seconds(10)
        if let raw = environment["MARGIN_TIMEOUT"], !raw.isEmpty {
            guard let seconds = ConfigValueKind.number(raw), seconds > 0, seconds <= 600 else {
                throw .invalidSetting(name: "MARGIN_TIMEOUT", value: raw, example: "MARGIN_TIMEOUT=10 (seconds, up to 600)")
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        return SpotifyEndpoints(accountsURL: accounts, apiURL: api, timeout: timeout, trust: TrustRoots(environment: environment))
    }

    /// How long `margin note` waits for the moment before saving unpinned: `MARGIN_PIN_TIMEOUT`,
    /// then `note.pin_timeout` in the config file, then 2.5 s.
    public func pinTimeout() throws(SettingError) -> Duration {
        if let raw = environment["MARGIN_PIN_TIMEOUT"], !raw.isEmpty {
            guard let seconds = ConfigValueKind.number(raw), seconds > 0, seconds <= 60 else {
                throw .invalidSetting(name: "MARGIN_PIN_TIMEOUT", value: raw, example: "MARGIN_PIN_TIMEOUT=2.5 (seconds, up to 60)")
            }
            return .milliseconds(Int(seconds * 1000))
        }
        return .milliseconds(Int(try seconds("note.pin_timeout") * 1000))
    }

    /// How far before the player's position a note is pinned when the command does not say:
    /// `note.lead` in the config file (seconds), else 0; in milliseconds.
    public func noteLeadMs() throws(SettingError) -> Int {
        Int(try seconds("note.lead") * 1000)
    }

    /// Whether `watch`'s `n` pauses playback while the note is written: `watch.pause_on_note`.
    public func pauseOnNote() throws(SettingError) -> Bool {
        try flag("watch.pause_on_note")
    }

    /// Whether `watch` syncs in the background: `sync.auto`.
    public func syncAuto() throws(SettingError) -> Bool {
        try flag("sync.auto")
    }

    /// How long a transcription may take: `transcribe.timeout`, 120 s by default.
    /// Config `sync.timeout`: how long a sync waits for the hub at any one step.
    public func syncTimeout() throws(SettingError) -> Duration {
        .milliseconds(Int(try seconds("sync.timeout") * 1000))
    }

    /// Config `sync.max-drift`: how far ahead of this machine's clock a hub stamp may be.
    public func syncMaxDrift() throws(SettingError) -> Duration {
        .seconds(try checked("sync.max_drift").flatMap(ConfigValueKind.duration) ?? 86_400)
    }

    public func transcribeTimeout() throws(SettingError) -> Duration {
        .milliseconds(Int(try seconds("transcribe.timeout") * 1000))
    }

    /// Config `market`: the country code catalog requests ask for, or nil for the account's own.
    public var market: String? {
        guard let raw = config["market"]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        return raw
    }

    public var credentialStore: CredentialStore { CredentialStore(directory: paths.configDirectory) }

    private func url(_ variable: String, default fallback: String) throws(SettingError) -> URL {
        let raw = value(variable) ?? fallback
        guard let url = ConfigValueKind.httpURL(raw) else {
            throw .invalidSetting(name: variable, value: raw, example: "\(variable)=\(fallback)")
        }
        return url
    }
}
