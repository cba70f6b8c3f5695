import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServerTLS
import ServiceLifecycle
import SpotifyClient
import UnixSignals

/// The service's Hummingbird application, as Hummingbird's template builds one, with the
/// connection discipline of ``GuardedChannel``.
public func buildApplication(configuration: ServiceConfiguration, logger: Logger,
                             upstreamTransport: (any HTTPTransport)? = nil,
                             tracker: ConnectionTracker? = nil, metrics: ServiceMetrics? = nil,
                             onListening: @escaping @Sendable (URL) async -> Void = { _ in }) throws -> some ApplicationProtocol {
    let tracker = tracker ?? ConnectionTracker(capacity: configuration.maxConnections)
    let router = Router(context: ServiceContext.self)
    router.add(middleware: ServiceMiddleware(limiter: RateLimiter(limit: configuration.rateLimit),
                                             trustForwardedFor: configuration.trustForwardedFor, metrics: metrics))
    TokenRoutes(upstream: Upstream(configuration: configuration, transport: upstreamTransport, metrics: metrics),
                sealer: TokenSealer(keys: configuration.keys), redirectURIs: configuration.redirectURIs,
                clientID: configuration.credentials.id, maxBodyBytes: configuration.maxBodyBytes,
                swapLimiter: RateLimiter(limit: configuration.swapLimit, capacity: 2)).add(to: router)
    // No idle timeout of Hummingbird's: it restarts on every byte; the guard's deadlines do not.
    let http = HTTP1Channel.Configuration(
        idleTimeout: nil,
        httpDecoderConfiguration: .init(maxHeaderFieldSize: configuration.maxHeaderBytes,
                                        maxHeaderListSize: configuration.maxHeaderBytes, maxHeaderFieldCount: 64))
    let tls = try configuration.tls.map { try serverTLS($0) }
    let (header, body) = (TimeAmount.nanoseconds(configuration.headerTimeout.nanoseconds), TimeAmount.nanoseconds(configuration.bodyTimeout.nanoseconds))
    let server = HTTPServerBuilder { responder -> any ServerChildChannel in
        let plain = HTTP1Channel(responder: responder, configuration: http)
        guard let tls else { return GuardedChannel(base: plain, tracker: tracker, headerTimeout: header, bodyTimeout: body, metrics: metrics) }
        return GuardedChannel(base: TLSServerChannel(plain, context: tls), tracker: tracker, headerTimeout: header,
                              bodyTimeout: body, metrics: metrics)
    }
    let scheme = configuration.tls == nil ? "http" : "https"
    return Application(
        router: router, server: server,
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                // Room for a burst of connections while the loop
                                                // accepts them (the kernel caps it at somaxconn):
                                                // an overflowing queue drops handshakes, which
                                                // clients then retry only after a second or more.
                                                serverName: nil, backlog: 4096,
                                                availableConnectionsDelegate: TrackerGate(tracker: tracker)),
        onServerRunning: { channel in
            if let url = listeningURL(scheme: scheme, host: configuration.host, port: channel.localAddress?.port ?? configuration.port) {
                await onListening(url)
            }
        },
        logger: logger)
}

/// `scheme://host:port`, brackets around an IPv6 host.
func listeningURL(scheme: String, host: String, port: Int) -> URL? {
    URL(string: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)")
}

/// The TLS context for serving with `files`: TLS 1.2 and later only, the key checked against
/// the certificate; a file that cannot be used is named.
func serverTLS(_ files: TLSFiles) throws(ServiceSetupError) -> TLSServerContext {
    guard let chain = FileManager.default.contents(atPath: files.certificate) else {
        throw .tls(path: files.certificate, reason: "not a readable PEM certificate")
    }
    guard let key = FileManager.default.contents(atPath: files.key) else {
        throw .tls(path: files.key, reason: "not a readable PEM private key")
    }
    do {
        return try TLSServerContext(chainPEM: Array(chain), keyPEM: Array(key))
    } catch {
        switch error {
        case .noCertificate, .badCertificate: throw .tls(path: files.certificate, reason: "not a readable PEM certificate")
        case .badKey: throw .tls(path: files.key, reason: "not a readable PEM private key")
        case .keyMismatch: throw .tls(path: files.key, reason: "not the private key of the certificate in \(files.certificate)")
        case .unavailable(let reason): throw .libraryMissing(reason)
        }
    }
}

/// One running service and the means to stop it (tests), or to serve until a signal (the executable).
public struct TokenServer: Sendable {
    public let url: URL
    /// Where `/metrics` answers, with `--metrics-listen`.
    public let metricsURL: URL?
    /// Open connections and evictions, for tests and metrics.
    public let tracker: ConnectionTracker
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Why the server could not start.
    public enum StartError: Error, CustomStringConvertible {
        case notListening
        public var description: String { "the service stopped before it was listening" }
    }

    /// Starts listening and returns once it does. With `signals`, they shut it down gracefully:
    /// it stops accepting, finishes the requests in flight, then returns from ``wait()``.
    /// An address that cannot be listened on is a ``ServiceSetupError`` naming its flag.
    public static func start(configuration: ServiceConfiguration, logger: Logger, signals: [UnixSignal] = [],
                             upstreamTransport: (any HTTPTransport)? = nil) async throws -> TokenServer {
        let (urls, listening) = AsyncStream<(Bool, URL)>.makeStream()
        let tracker = ConnectionTracker(capacity: configuration.maxConnections)
        let metrics = ServiceMetrics(tracker: tracker)
        let app = try buildApplication(configuration: configuration, logger: logger, upstreamTransport: upstreamTransport,
                                       tracker: tracker, metrics: metrics) { url in listening.yield((false, url)) }
        var services: [any Service] = [app]
        if case let (host, port)? = configuration.metricsListen {
            services.append(buildMetricsApplication(host: host, port: port, metrics: metrics, logger: logger) { url in
                listening.yield((true, url))
            })
        }
        var lifecycle = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: signals,
                                                  logger: logger)
        // In-flight requests wait at most one upstream timeout, then a little more.
        lifecycle.maximumGracefulShutdownDuration = configuration.upstreamTimeout + .seconds(5)
        let group = ServiceGroup(configuration: lifecycle)
        let task = Task {
            defer { listening.finish() }
            try await group.run()
        }
        var url: URL?, metricsURL: URL?
        for await (isMetrics, announced) in urls {
            if isMetrics { metricsURL = announced } else { url = announced }
            if url != nil, metricsURL != nil || configuration.metricsListen == nil { break }
        }
        guard let url else {
            do { try await task.value } catch { throw ListenFailure.explain(error, configuration: configuration) }
            throw StartError.notListening
        }
        return TokenServer(url: url, metricsURL: metricsURL, tracker: tracker, group: group, task: task)
    }

    /// Waits until the server stops (a signal), rethrowing its failure.
    public func wait() async throws {
        try await task.value
    }

    /// Shuts down gracefully; returns once the port is closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
