import Foundation
import Logging
import MarginConfig
import SpotifyClient

extension Settings {
    /// The Spotify client for a command, logging to stderr when `verbose`.
    func connection(verbose: Bool) throws -> SpotifyConnection {
        SpotifyConnection(endpoints: try endpoints(), store: credentialStore, logger: .margin(verbose: verbose))
    }
}

extension Logger {
    /// A stderr logger; debug lines only with `--verbose`. Nothing logged carries a secret.
    static func margin(verbose: Bool) -> Logger {
        var logger = Logger(label: "margin", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
