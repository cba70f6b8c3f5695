import Foundation

/// Why a sync could not reach or use the hub. Messages name the hub as `user@host:port/db`,
/// never with its password, and end with the remedy.
public enum HubError: Error, Equatable, LocalizedError {
    /// `MARGIN_SYNC_URL` / `sync.url` cannot be read.
    case invalidAddress(String, reason: String)
    /// No connection (refused, timed out, name unknown) or it broke off: exit 7.
    case unreachable(hub: String, detail: String)
    /// The hub kept the sync waiting past `sync.timeout` for `what` (a lock another session
    /// holds, an answer): exit 7, as for a hub that cannot be reached.
    case waited(hub: String, what: String, seconds: Int)
    /// The server refused the user or password.
    case authentication(hub: String, detail: String)
    /// TLS could not be set up or the certificate was refused.
    case tls(hub: String, detail: String)
    /// The hub was migrated by a newer margin; nothing was written.
    case schemaTooNew(hub: String, migration: String)
    /// The user may not create or use margin's tables.
    case permission(hub: String, detail: String)
    /// A shared hub whose administrator has not run the setup (or not since an upgrade); the
    /// user is not the database's owner, so margin creates nothing there.
    case setupMissing(hub: String, partly: Bool)
    /// Any other refusal from the server.
    case server(hub: String, detail: String)
    /// PostgreSQL's client library, which margin-sync loads when a sync starts, is missing.
    case clientMissing(reason: String)

    /// One line whatever the hub or the network said: a detail comes from the server (its
    /// message) or a library's description, and may hold line breaks or a terminal's escapes.
    public var errorDescription: String? {
        String(String.UnicodeScalarView(message.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    private var message: String {
        switch self {
        case .invalidAddress(let url, let reason):
            "the sync hub '\(url)' cannot be used: \(reason). Write it as postgres://USER@HOST:PORT/DATABASE?sslmode=verify-full"
        case .unreachable(let hub, let detail):
            "cannot reach the sync hub \(hub) (\(detail)); your notes are safe here. Check that PostgreSQL runs there and accepts connections, then run 'margin sync' again"
        case .waited(let hub, let what, let seconds):
            "the sync hub \(hub) kept margin waiting \(seconds) s for \(what) (sync.timeout); nothing was lost. Run 'margin sync' again later, and if it goes on, ask the hub's administrator what holds it"
        case .authentication(let hub, let detail):
            "the sync hub \(hub) refused the login (\(detail)). Check the user and the password in MARGIN_SYNC_URL, PGPASSWORD or ~/.pgpass (mode 0600)"
        case .tls(let hub, let detail):
            "cannot connect securely to the sync hub \(hub) (\(detail)). Add ?sslrootcert=CA.pem to the URL or set SSL_CERT_FILE to the CA that issued its certificate"
        case .schemaTooNew(let hub, let migration):
            "the sync hub \(hub) was set up by a newer margin (it has '\(migration)'); nothing was written. Upgrade margin on this machine"
        case .setupMissing(let hub, let partly):
            "the sync hub \(hub) \(partly ? "needs margin's newer setup" : "has no margin tables yet"), and this user does not own the database, so margin creates nothing there. Ask its administrator to run, as the database's owner or a superuser (not as a member): margin sync --print-setup-sql | psql 'postgres://ADMIN@HOST/DATABASE'"
        case .permission(let hub, let detail):
            "the sync hub \(hub) does not let this user keep notes (\(detail)). Ask its administrator to run the SQL of 'margin sync --print-setup-sql'"
        case .server(let hub, let detail):
            "the sync hub \(hub) refused the sync (\(detail)); nothing was lost. Run 'margin sync' again, or check the server's log"
        case .clientMissing(let reason):
            "margin sync needs PostgreSQL's client library, and \(reason). Install it (Debian and Ubuntu: sudo apt install libpq5), then run 'margin sync' again"
        }
    }

    /// True when retrying later may work: the hub could not be reached.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .waited: true
        default: false
        }
    }
}
