import FileSafety
import Foundation
import SyncHub
import Synchronization

/// One connection to the hub, for one sync.
///
/// A command syncs once and exits, so it opens a single connection rather than a pool. Every
/// failure comes out as a ``HubError`` that names the hub without its password.
///
/// Every wait is bounded by `timeout` (`sync.timeout`): the connection and the login together,
/// by margin's deadline; a lock another session holds, by `lock_timeout`; a statement, by
/// `statement_timeout`; and a hub that stops answering altogether, by the deadline margin puts
/// on every call, after which it closes the connection. Each ends the sync with
/// ``HubError/waited(hub:what:seconds:)`` or ``HubError/unreachable(hub:detail:)``: exit 7.
public final class Hub: Sendable {
    let connection: HubConnection
    /// The hub as messages name it.
    public let name: String
    /// How long any one step may wait.
    let timeout: Duration
    /// How much longer than ``timeout`` the statements under way may take (the bulk of a big push).
    private let patience = Mutex(1)

    private init(connection: HubConnection, name: String, timeout: Duration) {
        self.connection = connection
        self.name = name
        self.timeout = timeout
    }

    /// Connects to `address`. With TLS on, the server's certificate is verified against `roots`
    /// (a PEM file: the caller's, e.g. `SSL_CERT_FILE`; the system's bundle when nil), unless the
    /// URL names its own `sslrootcert`.
    public static func connect(_ address: HubAddress, roots: String? = nil, timeout: Duration = .seconds(30)) async throws(HubError) -> Hub {
        let name = address.description
        let limit = address.connectTimeout.map { Duration.seconds($0) } ?? timeout
        func attempt(_ mode: String) async throws(HubConnection.Failure) -> HubConnection {
            try await HubConnection.connect(parameters(address, sslmode: mode, roots: roots, timeout: timeout), timeout: limit)
        }
        do {
            let connection: HubConnection
            switch address.tlsMode {
            case .disable:
                connection = try await attempt("disable")
            case .allow, .prefer:
                // TLS when the server offers it, verified as always; plain when it does not.
                do {
                    connection = try await attempt("verify-full")
                } catch .connection(let message, _) where HubError.offersNoTLS(message) {
                    connection = try await attempt("disable")
                }
            case .require, .verifyCA:
                connection = try await attempt("verify-ca")
            case .verifyFull:
                connection = try await attempt("verify-full")
            }
            return Hub(connection: connection, name: name, timeout: timeout)
        } catch .timedOut {
            throw HubError.waited(hub: name, what: "the server to answer the login", seconds: Int(limit.components.seconds))
        } catch {
            throw HubError.classify(error, hub: name, timeout: timeout)
        }
    }

    /// libpq's connection parameters for `address`, with `sslmode`.
    static func parameters(_ address: HubAddress, sslmode: String, roots: String?, timeout: Duration) -> [(String, String)] {
        // A lock is waited for `timeout`; a statement may take twice that, so that a lock
        // wait is told as one, not as a slow statement.
        let milliseconds = Int(timeout.wholeMilliseconds)
        var parameters = [
            ("host", address.socketDirectory ?? address.host), ("port", String(address.port)),
            ("user", address.user), ("dbname", address.database),
            ("application_name", address.applicationName ?? "margin"), ("client_encoding", "UTF8"),
            ("options", "-c lock_timeout=\(milliseconds) -c statement_timeout=\(2 * milliseconds)"),
            // Kerberos is not how a hub is reached: no ticket is looked for.
            ("gssencmode", "disable"), ("sslmode", sslmode),
        ]
        if let password = address.password { parameters.append(("password", password)) }
        if sslmode != "disable", let file = address.rootCertificate ?? roots ?? systemRoots {
            parameters.append(("sslrootcert", file))
        }
        return parameters
    }

    /// The system's bundle of trusted CAs (libpq reads only the file it is given).
    static let systemRoots: String? = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]
        .first { FileManager.default.isReadableFile(atPath: $0) }

    /// Runs `body` with statements allowed `factor` times ``timeout`` (server and deadline):
    /// for the bulk statements of a big push. Locks still wait ``timeout`` at most.
    func patiently<T>(_ factor: Int, _ body: () async throws -> T) async throws -> T {
        let milliseconds = Int((timeout * 2 * factor).wholeMilliseconds)
        try await execute("SET LOCAL statement_timeout = \(milliseconds)")
        patience.withLock { $0 = factor }
        defer { patience.withLock { $0 = 1 } }
        return try await body()
    }

    /// How long a statement may take before margin gives up on the hub: the server's own
    /// `statement_timeout` and 5 s more, for the server to speak first.
    private var allowance: Duration {
        timeout * 2 * patience.withLock { $0 }
    }

    /// The failure a call's `failure` is, the connection closed when the hub stopped answering.
    private func failed(_ failure: HubConnection.Failure, allowance: Duration) async -> HubError {
        if case .timedOut = failure {
            await connection.close()
            return .waited(hub: name, what: "an answer", seconds: Int(allowance.components.seconds))
        }
        return .classify(failure, hub: name, timeout: timeout)
    }

    /// Runs one statement (or several, separated by semicolons) and returns its rows.
    @discardableResult
    func execute(_ sql: String) async throws -> [HubRow] {
        try await query(HubQuery(unsafeSQL: sql))
    }

    /// Runs one statement with its values bound and returns its rows.
    @discardableResult
    func query(_ query: HubQuery) async throws -> [HubRow] {
        if query.binds.contains(where: { $0?.utf8.contains(0) == true }) {
            throw HubError.server(hub: name, detail: "a value holds a NUL character, which PostgreSQL's text cannot")
        }
        let allowance = allowance
        do {
            return try await connection.query(query.sql, binds: query.binds, timeout: allowance + .seconds(5))
        } catch {
            throw await failed(error, allowance: allowance)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () async throws -> T) async throws -> T {
        try await execute(begin)
        do {
            let value = try await body()
            try await execute("COMMIT")
            return value
        } catch {
            _ = try? await execute("ROLLBACK")
            throw error
        }
    }

    /// Streams rows into `table` with `COPY … FROM STDIN` (text format): `write` is handed the
    /// function that sends a buffer of rows. An error `write` throws comes out as it is; the
    /// server's and the connection's as ``HubError``.
    func copy(into table: String, columns: [String], _ write: (([UInt8]) async throws -> Void) async throws -> Void) async throws {
        let allowance = allowance
        do {
            try await connection.copy("COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN", timeout: allowance + .seconds(5), write)
        } catch let failure as HubConnection.Failure {
            throw await failed(failure, allowance: allowance)
        }
    }

    /// Ends a wait for notifications (``listen(_:)``), from any thread.
    func wake() {
        connection.wake()
    }

    /// Closes the connection.
    public func close() async {
        await connection.close()
    }
}
