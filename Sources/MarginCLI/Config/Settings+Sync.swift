import MarginConfig
import NoteSync
import SpotifyClient

extension Settings {
    /// The hub: `MARGIN_SYNC_URL`, then `sync.url`; the password comes from the URL,
    /// `PGPASSWORD` or `~/.pgpass`.
    func syncHub() throws -> HubAddress {
        let url = environment["MARGIN_SYNC_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? config["sync.url"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url else { throw SettingError.noSyncHub }
        return try HubAddress(url, environment: environment)
    }

    /// The CAs to trust for the hub besides the URL's own `sslrootcert`: the same as for
    /// Spotify (`SSL_CERT_FILE`, `SSL_CERT_DIR`, else the system's).
    var hubTrust: TrustRoots { TrustRoots(environment: environment) }
}
