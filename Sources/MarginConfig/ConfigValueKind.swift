/// The form of a config key's values.
public enum ConfigValueKind: Sendable, Equatable {
    /// A Spotify app's client ID: letters and digits.
    case clientID
    /// A loopback redirect URI, checked by Spotify's rules (`RedirectURI`).
    case redirectURI
    /// An ISO 3166-1 alpha-2 country code Spotify serves.
    case market
    /// A number of seconds up to `maximum`, from `minimum` (or above it, when not `minimumIncluded`).
    case seconds(minimum: Double, maximum: Double, minimumIncluded: Bool)
    /// A length of time, `1d`, `12h`, `30m`, `90s` or a number of seconds, from `minimum` to
    /// `maximum` seconds.
    case duration(minimum: Double, maximum: Double)
    /// `true` or `false` (typed also as yes/no, 1/0, on/off).
    case flag
    /// A command line, not blank.
    case command
    /// An absolute path, or one under `~`.
    case path
    /// A `postgres://` hub URL without a password, checked by the sync library.
    case hubURL
    /// An http or https URL with a host.
    case httpURL
    /// One of a few words.
    case choice([String])

    /// The allowed form, as shown in help and in the error that refuses a value.
    public var form: String {
        switch self {
        case .clientID: "letters and digits"
        case .redirectURI: "http://127.0.0.1:PORT/PATH or http://[::1]:PORT/PATH"
        case .market: "an ISO 3166-1 alpha-2 country code Spotify serves"
        case .seconds(let minimum, let maximum, let minimumIncluded):
            minimumIncluded
                ? "seconds from \(Self.number(minimum)) to \(Self.number(maximum))"
                : "seconds, more than \(Self.number(minimum)) and up to \(Self.number(maximum))"
        case .duration(let minimum, let maximum):
            "a duration like 1d, 12h, 30m or 90s, from \(Self.number(minimum)) s to \(Self.number(maximum / 86_400)) days"
        case .flag: "true or false"
        case .command: "a command line"
        case .path: "an absolute path or one under ~"
        case .hubURL: "postgres://USER@HOST/DATABASE?sslmode=verify-full, the password in ~/.pgpass or PGPASSWORD"
        case .httpURL: "an http or https URL"
        case .choice(let words): "one of " + words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
        }
    }

    /// The type's name in the table of docs/configuration.md.
    public var typeName: String {
        switch self {
        case .clientID: "client ID"
        case .redirectURI: "URI"
        case .market: "country code"
        case .seconds: "seconds"
        case .duration: "duration"
        case .flag: "boolean"
        case .command: "command"
        case .path: "path"
        case .hubURL, .httpURL: "URL"
        case .choice: "word"
        }
    }

    /// `2.5`, `60`: a number as a person writes it.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
