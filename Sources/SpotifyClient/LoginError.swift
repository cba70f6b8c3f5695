import Foundation

/// Why `margin login` did not end with stored credentials.
public enum LoginError: Error, Equatable, Sendable, LocalizedError {
    case cannotListen(String, String)
    case timedOut(seconds: Int)
    case denied(String)
    case exchangeFailed(String)

    public var errorDescription: String? {
        switch self {
        case .cannotListen(let uri, let reason):
            "cannot listen on the redirect URI '\(uri)' (\(reason)). Free that port, or register 'http://127.0.0.1/callback' (no port) in your Spotify app and set MARGIN_REDIRECT_URI to it so margin picks a free port"
        case .timedOut(let seconds):
            "no login callback arrived within \(seconds) s. Run 'margin login' again (use --timeout to wait longer)"
        case .denied(let error):
            error == "access_denied"
                ? "Spotify access was not granted, so margin is not logged in. Run 'margin login' again and choose Agree"
                : "Spotify refused the login ('\(error)'). Run 'margin login' again"
        case .exchangeFailed(let reason):
            "Spotify refused to exchange the login code (\(reason)). Run 'margin login' again"
        }
    }
}
