import Foundation

/// A setting margin cannot use: missing, refused by the key table, or a config file it cannot write.
public enum SettingError: Equatable, LocalizedError {
    case noClientID(redirect: String)
    case invalidSetting(name: String, value: String, example: String)
    case unknownConfigKey(String)
    case invalidConfigValue(key: String, value: String, form: String, example: String)
    case configUnwritable(path: String, reason: String)
    case configKeyUnset(String)
    case noSyncHub
    case passwordInConfig
    /// The `command` engine chosen (config or `--engine`) without a `transcribe.command`.
    case noTranscribeCommand

    public var errorDescription: String? {
        switch self {
        case .noClientID(let redirect):
            """
            no Spotify client ID is set. Create an app at https://developer.spotify.com/dashboard \
            (APIs used: Web API), add the redirect URI '\(redirect)' exactly, then run \
            'margin config set client-id YOUR_CLIENT_ID' (or set MARGIN_CLIENT_ID)
            """
        case .invalidSetting(let name, let value, let example):
            "\(name) '\(value)' is not valid; set it like \(example)"
        case .unknownConfigKey(let key):
            "unknown config key '\(key)'; the keys are \(Self.list(ConfigKey.names))"
        case .invalidConfigValue(let key, let value, let form, let example):
            "'\(value)' is not a valid \(key): it takes \(form); for example: margin config set \(key) \(example)"
        case .configUnwritable(let path, let reason):
            "cannot write '\(path)' (\(reason))"
        case .configKeyUnset(let key):
            "\(key) is not set"
        case .noSyncHub:
            "no sync hub is set. Run 'margin config set sync.url postgres://USER@HOST/DATABASE?sslmode=verify-full' (or set MARGIN_SYNC_URL), with the password in ~/.pgpass or PGPASSWORD"
        case .noTranscribeCommand:
            """
            the command engine needs transcribe.command, which is not set; set it, e.g. margin config set \
            transcribe.command \(ConfigKey.named("transcribe.command")?.example ?? "'…'") (the WAV file's path \
            is appended), or choose another engine: 'margin transcribe --engines' says which are ready
            """
        case .passwordInConfig:
            "sync.url must not carry a password: config.toml is plain text. Put it in ~/.pgpass (mode 0600) or PGPASSWORD, and set the URL without it"
        }
    }

    /// True for a mistake in what the user typed (exit 64), false for anything else (exit 1).
    public var isUsage: Bool {
        switch self {
        case .unknownConfigKey, .invalidConfigValue, .passwordInConfig: true
        default: false
        }
    }

    /// `a, b and c`.
    static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
