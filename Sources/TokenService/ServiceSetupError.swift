import Foundation

/// Why the service will not start: one line on stderr with the remedy, never a secret.
public enum ServiceSetupError: Error, Equatable, LocalizedError {
    case missing(String)
    case bothSecrets
    case unreadableSecret(path: String)
    case insecureSecret(path: String, mode: Int)
    case noRedirectURI
    case badRedirectURI(String)
    case badListen(String, flag: String = "--listen")
    case badAccountsURL(String)
    case badRateLimit(String, flag: String = "--rate-limit")
    case badTimeout(String)
    case tls(path: String, reason: String)
    case badCount(flag: String, value: String)
    case badSeconds(flag: String, value: String)
    case portInUse(listen: String, flag: String)
    case cannotListen(listen: String, flag: String, reason: String)
    /// A library the service opens when it runs (libcurl for Spotify, libcrypto for sealing) is missing.
    case libraryMissing(String)

    public var errorDescription: String? {
        switch self {
        case .missing(let name):
            "\(name) is not set; the service takes its secrets from the environment only (see docs/token-service.md)"
        case .bothSecrets:
            "both MARGIN_SERVICE_CLIENT_SECRET and MARGIN_SERVICE_CLIENT_SECRET_FILE are set; keep one"
        case .unreadableSecret(let path):
            "cannot read the client secret from '\(path)' (MARGIN_SERVICE_CLIENT_SECRET_FILE); it must be a readable, non-empty file"
        case .noRedirectURI:
            "no --redirect-uri given; pass the redirect URIs registered in the Spotify app, e.g. --redirect-uri http://127.0.0.1/callback"
        case .badRedirectURI(let uri):
            "--redirect-uri '\(uri)' is not one Spotify accepts; use https, or http on 127.0.0.1 or [::1], e.g. http://127.0.0.1/callback"
        case .badListen(let value, let flag):
            "\(flag) '\(value)' is not HOST:PORT; use e.g. \(flag) 127.0.0.1:\(flag == "--listen" ? 8787 : 9187) (port 0 picks a free one)"
        case .badAccountsURL(let value):
            "--accounts-url '\(value)' is not an http(s) URL; use e.g. --accounts-url https://accounts.spotify.com"
        case .badRateLimit(let value, let flag):
            "\(flag) '\(value)' is not N/S; use e.g. \(flag) 30/60 (30 requests per 60 s)"
        case .badTimeout(let value):
            "--upstream-timeout '\(value)' is not a number of seconds from 1 to 120; use e.g. --upstream-timeout 10"
        case .insecureSecret(let path, let mode):
            "the client secret file '\(path)' (MARGIN_SERVICE_CLIENT_SECRET_FILE) is readable by others (mode \(String(mode, radix: 8))); run 'chmod 600 \(path)'"
        case .badCount(let flag, let value):
            "\(flag) '\(value)' is not a whole number from 1 up; use e.g. \(flag) 1000"
        case .badSeconds(let flag, let value):
            "\(flag) '\(value)' is not a number of seconds from 1 to 3600; use e.g. \(flag) 10"
        case .portInUse(let listen, let flag):
            "\(flag) \(listen): the address is already in use; stop what listens there or pick another port"
        case .cannotListen(let listen, let flag, let reason):
            "\(flag) \(listen): cannot listen there (\(reason)); pick another address or port"
        case .libraryMissing(let reason):
            "cannot run: \(reason); install libcurl4 and libssl3 (Debian and Ubuntu: apt install libcurl4 libssl3)"
        case .tls(let path, let reason):
            "cannot use '\(path)' for TLS (\(reason)); give a PEM certificate chain with --tls-cert and its PEM key with --tls-key"
        }
    }
}
