import Foundation

/// Why the service will not start: one line on stderr with the remedy, never a secret.
public enum ServiceSetupError: Error, Equatable, LocalizedError {
    case missing(String)
    case bothSecrets
    case unreadableSecret(path: String)
    case noRedirectURI
    case badRedirectURI(String)
    case badListen(String)
    case badAccountsURL(String)
    case badRateLimit(String)
    case badTimeout(String)
    case tls(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let name):
            "\(name) is not set; the service takes its secrets from the environment only (see README, Sharing one Spotify app)"
        case .bothSecrets:
            "both MARGIN_SERVICE_CLIENT_SECRET and MARGIN_SERVICE_CLIENT_SECRET_FILE are set; keep one"
        case .unreadableSecret(let path):
            "cannot read the client secret from '\(path)' (MARGIN_SERVICE_CLIENT_SECRET_FILE); it must be a readable, non-empty file"
        case .noRedirectURI:
            "no --redirect-uri given; pass the redirect URIs registered in the Spotify app, e.g. --redirect-uri http://127.0.0.1/callback"
        case .badRedirectURI(let uri):
            "--redirect-uri '\(uri)' is not one Spotify accepts; use https, or http on 127.0.0.1 or [::1], e.g. http://127.0.0.1/callback"
        case .badListen(let value):
            "--listen '\(value)' is not HOST:PORT; use e.g. --listen 127.0.0.1:8787 (port 0 picks a free one)"
        case .badAccountsURL(let value):
            "--accounts-url '\(value)' is not an http(s) URL; use e.g. --accounts-url https://accounts.spotify.com"
        case .badRateLimit(let value):
            "--rate-limit '\(value)' is not N/S; use e.g. --rate-limit 30/60 (30 requests per 60 s per client address)"
        case .badTimeout(let value):
            "--upstream-timeout '\(value)' is not a number of seconds from 1 to 120; use e.g. --upstream-timeout 10"
        case .tls(let path, let reason):
            "cannot use '\(path)' for TLS (\(reason)); give a PEM certificate chain with --tls-cert and its PEM key with --tls-key"
        }
    }
}
