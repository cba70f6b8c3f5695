import Foundation

extension Settings {
    /// The token service to log in through: `--token-service`, then `MARGIN_TOKEN_SERVICE`,
    /// then `token_service` in the config file; nil means direct PKCE with the user's own app.
    public func tokenService(flag: String?) throws(SettingError) -> URL? {
        let fromFlag = flag.flatMap { $0.isEmpty ? nil : $0 }
        guard let raw = fromFlag ?? value("MARGIN_TOKEN_SERVICE", config: "token_service") else { return nil }
        guard let url = ConfigValueKind.httpURL(raw) else {
            throw .invalidSetting(name: fromFlag == nil ? "token-service" : "--token-service", value: raw,
                                  example: "--token-service https://tokens.example.org")
        }
        return url
    }

    /// Whether the user set a redirect URI (`MARGIN_REDIRECT_URI` or `redirect_uri`), rather
    /// than margin using its default: a token service may then pick one it allows.
    public var redirectURIChosen: Bool {
        value("MARGIN_REDIRECT_URI", config: "redirect_uri") != nil
    }
}
