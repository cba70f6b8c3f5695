import Logging
import NIOCore
import NIOSSL
import PostgresNIO

/// One connection to the hub, for one sync.
///
/// A command syncs once and exits, so it opens a single connection rather than a pool. Every
/// failure comes out as a ``HubError`` that names the hub without its password.
public final class Hub: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    /// The hub as messages name it.
    public let name: String

    private init(connection: PostgresConnection, logger: Logger, name: String) {
        self.connection = connection
        self.logger = logger
        self.name = name
    }

    /// Connects to `address`. With TLS on, `tls` says which CAs to trust (the caller's, e.g.
    /// `SSL_CERT_FILE`; the system's by default), unless the URL names its own `sslrootcert`.
    public static func connect(_ address: HubAddress, tls: TLSConfiguration = .makeClientConfiguration(),
                               timeout: Duration = .seconds(10)) async throws(HubError) -> Hub {
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
            configuration.options.additionalStartupParameters = [("application_name", address.applicationName ?? "margin")]
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            return Hub(connection: connection, logger: logger, name: name)
        } catch {
            throw HubError.classify(error, hub: name)
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
            return try await connection.query(query, logger: logger).collect()
        } catch {
            throw HubError.classify(error, hub: name)
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
        var own: (any Error)?
        do {
            try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                do {
                    try await write(writer)
                } catch {
                    own = error
                    throw error
                }
            }
        } catch {
            throw own ?? HubError.classify(error, hub: name)
        }
    }

    /// Closes the connection.
    public func close() async {
        try? await connection.close()
    }
}
