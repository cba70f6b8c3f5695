import ArgumentParser
import FileSafety
import Foundation
import Logging
import TokenService

/// `margin-token-service`: the token swap and refresh service for a household or team sharing
/// one Spotify app (docs/token-service.md). Secrets come from the environment only.
@main
struct TokenServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "margin-token-service",
        abstract: "Swap and refresh Spotify tokens for margin clients, keeping the app's secret and refresh tokens here.",
        discussion: """
            Environment: MARGIN_SERVICE_CLIENT_ID, MARGIN_SERVICE_CLIENT_SECRET (or \
            MARGIN_SERVICE_CLIENT_SECRET_FILE), MARGIN_SERVICE_KEYS_FILE (0600, lines 'KEY_ID BASE64_32_BYTE_KEY', \
            the last one current); SSL_CERT_FILE for the CAs the Spotify call trusts.
            """)

    @Option(help: "HOST:PORT to listen on; port 0 picks a free one.") var listen = "127.0.0.1:8787"
    @Option(help: "Spotify's accounts service.") var accountsURL = "https://accounts.spotify.com"
    @Option(help: "A redirect URI registered in the Spotify app (repeat for several).") var redirectURI: [String] = []
    @Option(help: "PEM certificate chain: serve HTTPS (with --tls-key).") var tlsCert: String?
    @Option(help: "PEM private key of --tls-cert.") var tlsKey: String?
    @Option(help: "Requests per client address, N/S: N per S seconds.") var rateLimit = RateLimit.default.description
    @Option(help: "Seconds the call to Spotify may take, its reply's body included.") var upstreamTimeout = 10
    @Option(help: "Connections open at once (default: 80% of the open-file limit); at the cap the longest idle one gives way.")
    var maxConnections: String?
    @Option(help: "Seconds a connection has to send a complete request head (also the keep-alive idle time).") var headerTimeout = "10"
    @Option(help: "Seconds a request has to send its body once the head is in.") var bodyTimeout = "10"
    @Option(help: "Code exchanges (/swap) with Spotify for all clients together, N/S: N per S seconds.") var swapLimit = "60/60"
    @Option(help: "HOST:PORT to serve Prometheus metrics on (GET /metrics); off by default.") var metricsListen: String?
    @Flag(help: "Check the environment, files and flags, then exit (0 when all is well) without listening.") var checkConfig = false
    @Flag(help: "Behind a reverse proxy: key the rate limit on the last X-Forwarded-For address.") var trustForwardedFor = false
    @Option(help: "trace, debug, info, notice, warning, error or critical.") var logLevel = "info"

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical") }
    }

    func run() async throws {
        var logger = Logger(label: "margin-token-service", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        // Shells start background jobs with SIGINT ignored; restore it so that Ctrl-C and kill -INT work.
        Signals.restoreDefault(SIGINT)
        let configuration: ServiceConfiguration
        let server: TokenServer
        do {
            configuration = try makeConfiguration()
            if checkConfig {
                try ServiceConfiguration.check(configuration)
                FileHandle.standardOutput.write(Data("margin-token-service: configuration ok (\(configuration.keys))\n".utf8))
                return
            }
            try ServiceConfiguration.checkLibraries()
            server = try await TokenServer.start(configuration: configuration, logger: logger, signals: [.sigterm, .sigint])
        } catch {
            // One line on stderr, never a secret (the messages name flags, variables and paths
            // only), and EX_USAGE: every refusal to start is something the operator set.
            let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
            FileHandle.standardError.write(Data("margin-token-service: \(message)\n".utf8))
            throw ExitCode(error is ServiceSetupError || error is KeyFileError ? 64 : 1)
        }
        FileHandle.standardOutput.write(Data("margin-token-service listening on \(server.url.absoluteString)\n".utf8))
        if let metrics = server.metricsURL {
            FileHandle.standardOutput.write(Data("margin-token-service metrics on \(metrics.absoluteString)/metrics\n".utf8))
        }
        logger.info("listening", metadata: ["url": "\(server.url)", "client_id": "\(configuration.credentials.id)",
                                            "keys": "\(configuration.keys.keys.count)", "current_key": "\(configuration.keys.current.id)",
                                            "rate_limit": "\(configuration.rateLimit)", "max_connections": "\(configuration.maxConnections)"])
        try await server.wait()
        logger.info("stopped")
    }

    private func makeConfiguration() throws -> ServiceConfiguration {
        var configuration = try ServiceConfiguration(environment: ProcessInfo.processInfo.environment,
                                                     redirectURIs: try RedirectAllowList(redirectURI))
        let (host, port) = try Self.hostPort(listen)
        configuration.host = host
        configuration.port = port
        guard let accounts = URL(string: accountsURL.hasSuffix("/") ? String(accountsURL.dropLast()) : accountsURL),
              ["http", "https"].contains(accounts.scheme?.lowercased() ?? ""), accounts.host != nil
        else { throw ServiceSetupError.badAccountsURL(accountsURL) }
        configuration.accountsURL = accounts
        guard let limit = RateLimit(rateLimit) else { throw ServiceSetupError.badRateLimit(rateLimit) }
        configuration.rateLimit = limit
        guard (1...120).contains(upstreamTimeout) else { throw ServiceSetupError.badTimeout(String(upstreamTimeout)) }
        configuration.upstreamTimeout = .seconds(upstreamTimeout)
        configuration.trustForwardedFor = trustForwardedFor
        if let maxConnections {
            guard let count = Int(maxConnections), count > 0 else { throw ServiceSetupError.badCount(flag: "--max-connections", value: maxConnections) }
            configuration.maxConnections = count
        }
        configuration.headerTimeout = try Self.seconds(headerTimeout, flag: "--header-timeout")
        configuration.bodyTimeout = try Self.seconds(bodyTimeout, flag: "--body-timeout")
        guard let swap = RateLimit(swapLimit) else { throw ServiceSetupError.badRateLimit(swapLimit, flag: "--swap-limit") }
        configuration.swapLimit = swap
        if let metricsListen {
            do { configuration.metricsListen = try Self.hostPort(metricsListen) } catch {
                throw ServiceSetupError.badListen(metricsListen, flag: "--metrics-listen")
            }
        }
        if let tlsCert, let tlsKey { configuration.tls = TLSFiles(certificate: tlsCert, key: tlsKey) }
        return configuration
    }

    /// Whole seconds from 1 to 3600 for `flag`.
    static func seconds(_ text: String, flag: String) throws(ServiceSetupError) -> Duration {
        guard let value = Int(text), (1...3600).contains(value) else { throw .badSeconds(flag: flag, value: text) }
        return .seconds(value)
    }

    /// `127.0.0.1:8787`, `[::1]:8787` or `0.0.0.0:0`.
    static func hostPort(_ text: String) throws(ServiceSetupError) -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw .badListen(text)
        }
        let host = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { throw .badListen(text) }
        return (host, port)
    }
}
