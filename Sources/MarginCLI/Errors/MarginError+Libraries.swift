import FileSafety
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteTransfer
import SpotifyClient
import SyncHub
import Voice

extension SpotifyError: MarginError {
    public var exitStatus: ExitStatus {
        switch self {
        case .notLoggedIn, .loginRevoked, .credentialsCorrupt, .credentialsInsecure: .notLoggedIn
        case .premiumRequired: .premiumRequired
        case .noActiveDevice: .noDevice
        case .rateLimited, .server, .timeout, .unreachable, .redirected, .tls: .unreachable
        case .notFound: .notFound
        case .credentialsUnwritable, .forbidden, .restricted, .http, .malformedResponse, .transportMissing, .digestMissing, .cancelled: .failure
        }
    }
}

extension LoginError: MarginError {
    public var exitStatus: ExitStatus {
        if case .cannotListen = self { return .failure }
        return .notLoggedIn
    }
}

extension RedirectURIError: MarginError {}

extension TokenServiceError: MarginError {
    public var exitStatus: ExitStatus {
        switch self {
        case .unreachable, .unavailable, .rateLimited, .refreshDeferred: .unreachable
        case .refused, .notAService, .redirectNotAllowed, .redirected: .failure
        case .clearText: .usage
        case .clearTextStored: .notLoggedIn
        }
    }
}

extension NoteStoreError: MarginError {
    /// An ambiguous id prefix is a usage error, as an ambiguous name is: the user types more.
    public var exitStatus: ExitStatus {
        switch self {
        case .notFound: .notFound
        case .ambiguous: .usage
        default: .failure
        }
    }
}

extension ImportError: MarginError {}

extension VaultExportError: MarginError {}

extension VoiceError: MarginError {
    public var errorDescription: String? { message }
}

extension HubError: MarginError {
    public var exitStatus: ExitStatus { isUnreachable ? .unreachable : .failure }
}

extension SettingError: MarginError {
    public var exitStatus: ExitStatus { isUsage ? .usage : .failure }
}

extension ConfigError: MarginError {}

extension NameMatchFailure: MarginError {
    public var exitStatus: ExitStatus {
        switch self {
        case .ambiguous: .usage
        case .none: .notFound
        }
    }
}

extension AtomicFile.Failure: MarginError {}

extension OutputFile.Failure: MarginError {}
