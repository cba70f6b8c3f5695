import NIOSSL
import SpotifyClient

/// The hub's TLS settings: PostgresNIO speaks TLS through NIOSSL, which only margin-sync carries.
extension TrustRoots {
    /// A client's TLS settings trusting these roots (the system's when none is set), for
    /// connections other than Spotify's (the sync hub).
    var clientConfiguration: TLSConfiguration {
        tlsConfiguration ?? .makeClientConfiguration()
    }

    /// The TLS settings for these roots; nil for the system's.
    private var tlsConfiguration: TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch (file, directory) {
        case (nil, nil):
            return nil
        case (let file?, nil):
            tls.trustRoots = .file(file)
        case (nil, let directory?):
            tls.trustRoots = .file(directory)
        case (let file?, let directory?):
            // NIOSSL reads additional roots as PEM files, so the directory must be the main source.
            tls.trustRoots = .file(directory)
            tls.additionalTrustRoots = [.file(file)]
        }
        return tls
    }
}
