import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import SyncHub
import Synchronization

/// One connection to the hub, for one sync.
///
/// A command syncs once and exits, so it opens a single connection rather than a pool. Every
/// failure comes out as a ``HubError`` that names the hub without its password.
///
/// Every wait is bounded by `timeout` (`sync.timeout`): the connection's, by connectTimeout;
/// a lock another session holds, by `lock_timeout`; a statement, by `statement_timeout`; and
/// a hub that stops answering altogether, by a watchdog of margin's own that closes the
/// connection. Each ends the sync with ``HubError/waited(hub:what:seconds:)`` or
/// ``HubError/unreachable(hub:detail:)``: exit 7.
public final class Hub: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    /// The hub as messages name it.
    public let name: String
    /// How long any one step may wait.
    let timeout: Duration
    /// How much longer than ``timeout`` the statements under way may take (the bulk of a big
    /// push), and whether the watchdog closed the connection.
    private let state = Mutex<(patience: Int, stalled: Bool)>((1, false))

    private init(connection: PostgresConnection, logger: Logger, name: String, timeout: Duration) {
        self.connection = connection
        self.logger = logger
        self.name = name
        self.timeout = timeout
    }

    /// Connects to `address`. With TLS on, `tls` says which CAs to trust (the caller's, e.g.
    /// `SSL_CERT_FILE`; the system's by default), unless the URL names its own `sslrootcert`.
    public static func connect(_ address: HubAddress, tls: TLSConfiguration = .makeClientConfiguration(),
                               timeout: Duration = .seconds(30)) async throws(HubError) -> Hub {
        let name = address.description
        let logger = Logger(label: "margin.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        do {
            var configuration: PostgresConnection.Configuration
            if let socket = address.socketDirectory {
                configuration = .init(unixSocketPath: socket + "/.s.PGSQL.\(address.port)", username: address.user,
                                      password: address.password, database: address.database)
            } else {
                configuration = .init(host: address.host, port: address.port, username: address.user,
                                      password: address.password, database: address.database,
                                      tls: try Self.tls(address, base: tls))
            }
            let seconds = address.connectTimeout.map(Int64.init) ?? timeout.components.seconds
            configuration.options.connectTimeout = .seconds(seconds)
            // A lock is waited for `timeout`; a statement may take twice that, so that a lock
            // wait is told as one, not as a slow statement.
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            configuration.options.additionalStartupParameters = [
                ("application_name", address.applicationName ?? "margin"),
                ("lock_timeout", String(milliseconds)), ("statement_timeout", String(2 * milliseconds)),
            ]
            // connectTimeout covers the TCP connection only: a peer that accepts and then says
            // nothing (a stalled server, something else on the port) is given up on here.
            let configured = configuration
            guard let connection = try await Self.within(timeout + .seconds(5), {
                try await PostgresConnection.connect(configuration: configured, id: 1, logger: logger)
            }) else {
                throw HubError.waited(hub: name, what: "the server to answer the login", seconds: Int(timeout.components.seconds))
            }
            return Hub(connection: connection, logger: logger, name: name, timeout: timeout)
        } catch {
            throw HubError.classify(error, hub: name, timeout: timeout)
        }
    }

    /// `work`'s result, or nil when it has not come within `limit` (the work is then left to
    /// end on its own: a connection attempt does not stop when its task is cancelled).
    static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T? {
        let outcome: Result<T, any Error>? = await withCheckedContinuation { continuation in
            let answer = FirstAnswer(continuation)
            Task {
                do { answer.give(.success(try await work())) } catch { answer.give(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: limit)
                answer.give(nil)
            }
        }
        return try outcome?.get()
    }

    /// Runs `body` with statements allowed `factor` times ``timeout`` (server and watchdog):
    /// for the bulk statements of a big push. Locks still wait ``timeout`` at most.
    func patiently<T>(_ factor: Int, _ body: () async throws -> T) async throws -> T {
        let milliseconds = (timeout * 2 * factor).components.seconds * 1000
        try await execute("SET LOCAL statement_timeout = \(milliseconds)")
        state.withLock { $0.patience = factor }
        defer { state.withLock { $0.patience = 1 } }
        return try await body()
    }

    /// Runs `work` under the watchdog: should the hub not answer within the statement's
    /// allowance (and 5 s more, for the server's own timeout to speak first), the connection
    /// is closed and the failure is ``HubError/waited(hub:what:seconds:)``.
    private func watched<T>(_ work: () async throws -> T) async throws -> T {
        let allowance = timeout * 2 * state.withLock { $0.patience }
        let watchdog = Task { [self] in
            try await Task.sleep(for: allowance + .seconds(5))
            state.withLock { $0.stalled = true }
            try? await connection.close()
        }
        defer { watchdog.cancel() }
        do {
            return try await work()
        } catch {
            if state.withLock({ $0.stalled }) {
                throw HubError.waited(hub: name, what: "an answer", seconds: Int(allowance.components.seconds))
            }
            throw error
        }
    }

    /// The TLS settings `address` asks for, on top of `base`'s trusted CAs. Certificates are
    /// always verified when TLS is used.
    static func tls(_ address: HubAddress, base: TLSConfiguration) throws -> PostgresConnection.Configuration.TLS {
        guard address.tlsMode != .disable else { return .disable }
        var tls = base
        tls.certificateVerification = [.require, .verifyCA].contains(address.tlsMode) ? .noHostnameVerification : .fullVerification
        if let root = address.rootCertificate {
            tls.trustRoots = .file(root)
            tls.additionalTrustRoots = []
        }
        let context = try NIOSSLContext(configuration: tls)
        switch address.tlsMode {
        case .allow, .prefer: return .prefer(context)
        default: return .require(context)
        }
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    func execute(_ sql: String) async throws -> [PostgresRow] {
        try await query(PostgresQuery(unsafeSQL: sql))
    }

    /// Runs one statement with binds and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        do {
            // Collected by PostgresNIO's EventLoopFuture interface, which takes every row as it
            // arrives: the async sequence's back-pressure has a state in which a connection
            // killed mid-result trips a precondition in PostgresNIO 1.33 (RowStreamStateMachine,
            // "How can we receive a body part, after a channelReadComplete…"), ending margin
            // with SIGILL. A page is collected whole either way. The rows are taken one by one:
            // the all-rows future appends each batch that arrives to a copy of the rows so far
            // (PostgresNIO 1.33's `waitingForAll`), which made a 64 000-row page quadratic.
            let rows = Rows()
            return try await watched {
                _ = try await connection.query(query, logger: logger) { row in rows.append(row) }.get()
                return rows.taken()
            }
        } catch {
            throw HubError.classify(error, hub: name, timeout: timeout)
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

    /// Streams rows into `table` with `COPY … FROM STDIN` (text format). An error `write`
    /// throws comes out as it is; the server's and the connection's as ``HubError``.
    func copy(into table: String, columns: [String], _ write: (PostgresCopyFromWriter) async throws -> Void) async throws {
        // PostgresNIO 1.33's copyFrom on a connection already closed (the server stopped between
        // two chunks) drops its continuation: the runtime prints a "continuation misuse" line
        // on stderr beside margin's one, and the copy never ends. Asked first, it never gets there.
        guard !connection.isClosed else { throw HubError.unreachable(hub: name, detail: "the connection closed") }
        var own: (any Error)?
        do {
            try await watched {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    do {
                        try await write(writer)
                    } catch {
                        own = error
                        throw error
                    }
                }
            }
        } catch {
            throw own ?? HubError.classify(error, hub: name, timeout: timeout)
        }
    }

    /// Closes the connection.
    public func close() async {
        try? await connection.close()
    }
}

/// Resumes a continuation with the first answer given; later ones are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
    private let waiting: Mutex<CheckedContinuation<Result<T, any Error>?, Never>?>

    init(_ continuation: CheckedContinuation<Result<T, any Error>?, Never>) { waiting = Mutex(continuation) }

    func give(_ value: Result<T, any Error>?) {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.resume(returning: value)
    }
}

/// The rows of one query, appended as they arrive on the connection's event loop.
private final class Rows: Sendable {
    private let rows = Mutex<[PostgresRow]>([])

    func append(_ row: PostgresRow) { rows.withLock { $0.append(row) } }

    /// The rows, left empty.
    func taken() -> [PostgresRow] { rows.withLock { rows in defer { rows = [] }; return rows } }
}
