import NoteSync
import SpotifyClient

extension Settings {
    /// The hub: `MARGIN_SYNC_URL`, then `sync.url`; the password comes from the URL,
    /// `PGPASSWORD` or `~/.pgpass`.
    func syncHub() throws -> HubAddress {
        let url = environment["MARGIN_SYNC_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? config["sync.url"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url else { throw CLIError.noSyncHub }
        return try HubAddress(url, environment: environment)
    }

    /// Whether `watch` syncs in the background: `sync.auto`.
    func syncAuto() throws(CLIError) -> Bool {
        guard let raw = config["sync.auto"], !raw.isEmpty else { return false }
        guard let flag = Self.flag(raw) else {
            throw .invalidSetting(name: "sync.auto", value: raw, example: "margin config set sync.auto true")
        }
        return flag
    }

    /// The CAs to trust for the hub besides the URL's own `sslrootcert`: the same as for
    /// Spotify (`SSL_CERT_FILE`, `SSL_CERT_DIR`, else the system's).
    var hubTrust: TrustRoots { TrustRoots(environment: environment) }
}
