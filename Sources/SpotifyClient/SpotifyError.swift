import Foundation

/// Everything that can go wrong talking to Spotify, in margin's terms.
///
/// Messages are one clause with the remedy after it, and never carry a token, code or verifier.
public enum SpotifyError: Error, Equatable, Sendable, LocalizedError {
    /// No stored credentials.
    case notLoggedIn
    /// The refresh token was refused (`invalid_grant`); the stored credentials were cleared.
    case loginRevoked(String)
    /// The credentials file cannot be parsed.
    case credentialsCorrupt(path: String)
    /// The credentials file is readable or writable by group or others.
    case credentialsInsecure(path: String, mode: Int)
    /// The credentials file or its directory cannot be written.
    case credentialsUnwritable(path: String, reason: String)
    /// Spotify refused the app or user (403 outside playback: dev-mode allow-list, owner without Premium).
    case forbidden(String)
    case premiumRequired
    case noActiveDevice
    /// 403 "Restriction violated" with its reason code.
    case restricted(reason: String)
    /// 429 that outlasted the retry budget or asked for a wait longer than margin will sleep.
    case rateLimited(retryAfter: Int, quotaExceeded: Bool)
    case notFound(endpoint: String)
    case server(status: Int, endpoint: String)
    /// Any other 4xx, with Spotify's message.
    case http(status: Int, message: String)
    /// A body that does not decode; names the endpoint, never dumps the body.
    case malformedResponse(endpoint: String)
    case timeout(endpoint: String, seconds: Int)
    case unreachable(endpoint: String, reset: Bool)
    /// A 3xx reply. margin follows no redirect: a token request that did would send a code or
    /// refresh token to another server, and Spotify's API does not redirect. `to` is only the
    /// target's `scheme://host[:port]`.
    case redirected(endpoint: String, status: Int, to: String)
    /// HTTPS to `host` could not be made secure: a certificate that is not trusted, expired or
    /// for another name, or a failed handshake. Never retried: it will not change by itself.
    case tls(host: String, reason: TLSFailure)
    /// libcurl, which margin speaks HTTP through, could not be loaded.
    case transportMissing(reason: String)
    /// The system's crypto library (SHA-256 for a login's PKCE challenge) could not be loaded.
    case digestMissing(reason: String)
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn:
            "not logged in to Spotify. Run 'margin login'"
        case .loginRevoked(let why):
            "Spotify no longer accepts margin's login (\(why)). Run 'margin login'"
        case .credentialsCorrupt(let path):
            "the credentials file '\(path)' is damaged. Run 'margin login'"
        case .credentialsInsecure(let path, let mode):
            "the credentials file '\(path)' is readable by others (mode \(String(mode, radix: 8))), so margin will not use it. Run 'chmod 600 \(path)' or 'margin login' again"
        case .credentialsUnwritable(let path, let reason):
            "cannot write the credentials file '\(path)' (\(reason)). Check the directory's permissions and free space"
        case .forbidden(let message):
            Self.explainForbidden(message)
        case .premiumRequired:
            "playback control needs Spotify Premium, and this account does not have it; control playback in the Spotify app"
        case .noActiveDevice:
            "no Spotify device is active. Start playing on a device, or pick one from 'margin devices' with --device ID"
        case .restricted(let reason):
            "Spotify refused the player command (restriction '\(reason)')"
        case .rateLimited(let seconds, let quota):
            quota
                ? "Spotify's quota for this app is used up; try again in \(seconds) s or use another client ID"
                : "Spotify is rate limiting margin; try again in \(seconds) s"
        case .notFound(let endpoint):
            "Spotify has no such item (\(endpoint))"
        case .server(let status, let endpoint):
            "Spotify answered \(status) for \(endpoint) after retries; try again shortly"
        case .http(let status, let message):
            "Spotify refused the request (\(status): \(message))"
        case .malformedResponse(let endpoint):
            "Spotify's reply to \(endpoint) could not be read"
        case .timeout(let endpoint, let seconds):
            "Spotify did not answer \(endpoint) within \(seconds) s; check the network or raise MARGIN_TIMEOUT"
        case .unreachable(let endpoint, _):
            "cannot reach Spotify (\(endpoint)); check the network connection"
        case .redirected(let endpoint, let status, let target):
            "Spotify's \(endpoint) answered with a redirect (\(status) to \(target)), which margin does not follow; check MARGIN_API_URL and MARGIN_ACCOUNTS_URL, or the network (a proxy or captive portal)"
        case .tls(let host, let reason):
            reason.message(host: host)
        case .transportMissing(let reason):
            "margin speaks HTTP through libcurl, which could not be loaded (\(reason)); install it ('apt install libcurl4')"
        case .digestMissing(let reason):
            "margin logs in with the system's crypto library, which could not be used (\(reason)); install it ('apt install libssl3')"
        case .cancelled:
            "cancelled"
        }
    }

    private static func explainForbidden(_ message: String) -> String {
        let lower = message.lowercased()
        if lower.contains("not registered") {
            return "this Spotify account is not on the app's allow-list. Add it under 'User Management' in the Spotify Developer Dashboard (at most 5 users in development mode)"
        }
        if lower.contains("premium") {
            return "the owner of this Spotify app needs an active Premium subscription for the app to work (Spotify's development-mode rule)"
        }
        return "Spotify refused the request (403: \(message))"
    }
}
