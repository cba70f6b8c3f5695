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

    init(environment: [String: String], config: ConfigFile) {
        self.environment = environment
        paths = Paths(environment: environment)
        self.config = config
    }

    func value(_ variable: String, config key: String? = nil) -> String? {
        if let env = environment[variable], !env.isEmpty { return env }
        return key.flatMap { config[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--client-id`, then `MARGIN_CLIENT_ID`, then `client_id` in the config file.
    public func clientID(flag: String?) throws(CLIError) -> String {
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
    public func endpoints() throws(CLIError) -> SpotifyEndpoints {
        let accounts = try url("MARGIN_ACCOUNTS_URL", default: SpotifyEndpoints.spotifyAccounts)
        let api = try url("MARGIN_API_URL", default: SpotifyEndpoints.spotifyAPI)
        var timeout = Duration.seconds(10)
        if let raw = environment["MARGIN_TIMEOUT"], !raw.isEmpty {
            guard let seconds = Double(raw), seconds > 0, seconds <= 600 else {
                throw .invalidSetting(name: "MARGIN_TIMEOUT", value: raw, example: "MARGIN_TIMEOUT=10 (seconds, up to 600)")
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        return SpotifyEndpoints(accountsURL: accounts, apiURL: api, timeout: timeout, trust: TrustRoots(environment: environment))
    }

    /// How long `margin note` waits for the moment before saving unpinned: `MARGIN_PIN_TIMEOUT`,
    /// then `note.pin_timeout` in the config file, then 2.5 s.
    public func pinTimeout() throws(CLIError) -> Duration {
        guard let raw = value("MARGIN_PIN_TIMEOUT", config: "note.pin_timeout") else { return .milliseconds(2500) }
        guard let seconds = Self.seconds(raw), seconds <= 60 else {
            throw .invalidSetting(name: "MARGIN_PIN_TIMEOUT", value: raw, example: "MARGIN_PIN_TIMEOUT=2.5 (seconds, up to 60)")
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// How far before the player's position a note is pinned when the command does not say:
    /// `note.lead` in the config file (seconds), else 0; in milliseconds.
    public func noteLeadMs() throws(CLIError) -> Int {
        guard let raw = config["note.lead"], !raw.isEmpty else { return 0 }
        guard let seconds = Self.lead(raw) else {
            throw .invalidSetting(name: "note.lead", value: raw, example: "margin config set note.lead 5 (seconds, up to 600)")
        }
        return Int(seconds * 1000)
    }

    /// Whether `watch`'s `n` pauses playback while the note is written: `watch.pause_on_note`.
    public func pauseOnNote() throws(CLIError) -> Bool {
        guard let raw = config["watch.pause_on_note"], !raw.isEmpty else { return false }
        guard let flag = Self.flag(raw) else {
            throw .invalidSetting(name: "watch.pause_on_note", value: raw, example: "margin config set watch.pause-on-note true")
        }
        return flag
    }

    /// Seconds from 0 to 600 (`0`, `5`, `2.5`), or nil.
    static func lead(_ raw: String) -> Double? {
        guard let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0, seconds <= 600
        else { return nil }
        return seconds
    }

    /// `true`/`false` (also `yes`/`no`, `1`/`0`), or nil.
    static func flag(_ raw: String) -> Bool? {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1", "on": true
        case "false", "no", "0", "off": false
        default: nil
        }
    }

    /// A positive number of seconds (`2.5`), or nil.
    static func seconds(_ raw: String) -> Double? {
        guard let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0 else { return nil }
        return seconds
    }

    /// Config `market`: the country code catalog requests ask for, or nil for the account's own.
    public var market: String? {
        guard let raw = config["market"]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        return raw
    }

    public var credentialStore: CredentialStore { CredentialStore(directory: paths.configDirectory) }

    private func url(_ variable: String, default fallback: String) throws(CLIError) -> URL {
        let raw = value(variable) ?? fallback
        guard let url = Self.httpURL(raw) else { throw .invalidSetting(name: variable, value: raw, example: "\(variable)=\(fallback)") }
        return url
    }

    /// An http or https URL with a host, without its trailing slash; nil otherwise.
    static func httpURL(_ raw: String) -> URL? {
        guard let url = URL(string: raw.hasSuffix("/") ? String(raw.dropLast()) : raw),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
        else { return nil }
        return url
    }
}
