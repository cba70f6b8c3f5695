import Foundation
import NoteStore
import SpotifyClient

/// The contract's exit codes.
public enum ExitStatus: Int32, Sendable {
    case failure = 1
    case nothingPlaying = 3
    case notLoggedIn = 4
    case premiumRequired = 5
    case noDevice = 6
    case unreachable = 7
    case notFound = 8
    case usage = 64

    /// The code a failure ends margin with.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let spotify as SpotifyError: return of(spotify)
        case let login as LoginError:
            if case .cannotListen = login { return .failure }
            return .notLoggedIn
        case PlaybackFailure.nothingPlaying: return .nothingPlaying
        case NoteStoreError.notFound: return .notFound
        case is TagError: return .usage
        case CLIError.unknownConfigKey, CLIError.invalidConfigValue: return .usage
        default: return .failure
        }
    }

    /// True for margin's own documented errors (the parser's own are reported by the parser).
    static func isMargins(_ error: any Error) -> Bool {
        error is SpotifyError || error is PlaybackFailure || error is LoginError || error is NoteStoreError
            || error is NoteFailure || error is NoteInputError || error is Editor.Failure || error is TagError || error is JumpFailure
            || error is ImportError || error is ImportFileError || error is AtomicFile.Failure || error is RedirectURIError || error is ConfigError || error is CLIError
    }

    static func of(_ error: SpotifyError) -> ExitStatus {
        switch error {
        case .notLoggedIn, .loginRevoked, .credentialsCorrupt, .credentialsInsecure: .notLoggedIn
        case .premiumRequired: .premiumRequired
        case .noActiveDevice: .noDevice
        case .rateLimited, .server, .timeout, .unreachable, .tls: .unreachable
        case .notFound: .notFound
        case .credentialsUnwritable, .forbidden, .restricted, .http, .malformedResponse, .cancelled: .failure
        }
    }
}
