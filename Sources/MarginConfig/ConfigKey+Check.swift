import Foundation
import SpotifyClient

extension ConfigKey {
    /// `raw` as `config set` stores it: checked against the key's form, booleans spelled
    /// `true`/`false`, a country code in capitals. Throws ``SettingError/invalidConfigValue(key:value:form:example:)``
    /// naming the allowed form, or `RedirectURIError` with Spotify's rule for a redirect URI.
    ///
    /// A hub URL is checked here only for being there; the sync library, which owns its
    /// syntax, checks the rest where `config set` runs.
    public func normalized(_ raw: String) throws -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .clientID:
            guard !raw.isEmpty, raw.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { throw refusal(raw) }
            return raw
        case .redirectURI:
            _ = try RedirectURI(raw)
            return raw
        case .market:
            let code = trimmed.uppercased()
            guard SpotifyMarkets.codes.contains(code) else { throw refusal(raw) }
            return code
        case .seconds(let minimum, let maximum, let minimumIncluded):
            guard let seconds = ConfigValueKind.number(trimmed), seconds <= maximum,
                  minimumIncluded ? seconds >= minimum : seconds > minimum
            else { throw refusal(raw) }
            return trimmed
        case .duration(let minimum, let maximum):
            guard let seconds = ConfigValueKind.duration(trimmed), seconds >= minimum, seconds <= maximum else { throw refusal(raw) }
            return trimmed
        case .flag:
            guard let flag = ConfigValueKind.flag(raw) else { throw refusal(raw) }
            return flag ? "true" : "false"
        case .command:
            guard !trimmed.isEmpty else { throw refusal(raw) }
            return raw
        case .path:
            guard raw.hasPrefix("/") || raw.hasPrefix("~") else { throw refusal(raw) }
            return raw
        case .hubURL:
            // The sync library owns the URL's syntax and its messages: `config set` asks it.
            guard !trimmed.isEmpty else { throw refusal(raw) }
            return raw
        case .httpURL:
            guard ConfigValueKind.httpURL(raw) != nil else { throw refusal(raw) }
            return raw
        case .choice(let words):
            guard words.contains(trimmed.lowercased()) else { throw refusal(raw) }
            return trimmed.lowercased()
        }
    }

    /// The error that refuses `raw`, with the allowed form and an example.
    public func refusal(_ raw: String) -> SettingError {
        .invalidConfigValue(key: name, value: raw, form: kind.form, example: example)
    }
}

extension ConfigValueKind {
    /// `true`/`false` (also `yes`/`no`, `1`/`0`, `on`/`off`, any case), or nil.
    public static func flag(_ raw: String) -> Bool? {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1", "on": true
        case "false", "no", "0", "off": false
        default: nil
        }
    }

    /// A finite decimal number (`0`, `2.5`), or nil; `-5` is a number, refused by its range.
    public static func number(_ raw: String) -> Double? {
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// Seconds in `1d`, `12h`, `30m`, `90s` or `90`; nil otherwise.
    public static func duration(_ raw: String) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: Double] = ["d": 86_400, "h": 3600, "m": 60, "s": 1]
        guard let last = text.last else { return nil }
        let (digits, unit) = units[last].map { (String(text.dropLast()), $0) } ?? (text, 1)
        guard let value = number(digits), value >= 0 else { return nil }
        return value * unit
    }

    /// An http or https URL with a host, without its trailing slash; nil otherwise.
    public static func httpURL(_ raw: String) -> URL? {
        guard let url = URL(string: raw.hasSuffix("/") ? String(raw.dropLast()) : raw),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
        else { return nil }
        return url
    }
}
