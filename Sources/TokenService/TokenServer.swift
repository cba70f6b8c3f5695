import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import SpotifyClient
import UnixSignals

/// The service's Hummingbird application, as Hummingbird's template builds one.
public func buildApplication(configuration: ServiceConfiguration, logger: Logger,
                             upstreamTransport: (any HTTPTransport)? = nil,
                             onListening: @escaping @Sendable (URL) async -> Void = { _ in }) throws -> some ApplicationProtocol {
    let router = Router(context: ServiceContext.self)
    router.add(middleware: ServiceMiddleware(limiter: RateLimiter(limit: configuration.rateLimit),
                                             trustForwardedFor: configuration.trustForwardedFor))
    TokenRoutes(upstream: Upstream(configuration: configuration, transport: upstreamTransport),
                sealer: TokenSealer(keys: configuration.keys), redirectURIs: configuration.redirectURIs,
                clientID: configuration.credentials.id, maxBodyBytes: configuration.maxBodyBytes).add(to: router)
    let http = HTTP1Channel.Configuration(
        idleTimeout: .seconds(Int64(configuration.idleTimeout.components.seconds)),
        httpDecoderConfiguration: .init(maxHeaderFieldSize: configuration.maxHeaderBytes,
                                        maxHeaderListSize: configuration.maxHeaderBytes, maxHeaderFieldCount: 64))
    let server: HTTPServerBuilder = try configuration.tls.map { try .tls(.http1(configuration: http), tlsConfiguration: try serverTLS($0)) }
        ?? .http1(configuration: http)
    let scheme = configuration.tls == nil ? "http" : "https"
    return Application(
        router: router, server: server,
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                serverName: nil),
        onServerRunning: { channel in
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            if let url = URL(string: "\(scheme)://\(host):\(channel.localAddress?.port ?? configuration.port)") { await onListening(url) }
        },
        logger: logger)
}

/// The TLS settings for serving with `files`; a file that cannot be used is named.
func serverTLS(_ files: TLSFiles) throws(ServiceSetupError) -> TLSConfiguration {
    let chain: [NIOSSLCertificate]
    do { chain = try NIOSSLCertificate.fromPEMFile(files.certificate) } catch {
        throw .tls(path: files.certificate, reason: "not a readable PEM certificate")
    }
    guard !chain.isEmpty else { throw .tls(path: files.certificate, reason: "no certificate in it") }
    let key: NIOSSLPrivateKey
    do { key = try NIOSSLPrivateKey(file: files.key, format: .pem) } catch {
        throw .tls(path: files.key, reason: "not a readable PEM private key")
    }
    return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
}

/// One running service and the means to stop it (tests), or to serve until a signal (the executable).
public struct TokenServer: Sendable {
    public let url: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Why the server could not start.
    public enum StartError: Error, CustomStringConvertible {
        case notListening
        public var description: String { "the service stopped before it was listening" }
    }

    /// Starts listening and returns once it does. With `signals`, they shut it down gracefully:
    /// it stops accepting, finishes the requests in flight, then returns from ``wait()``.
    public static func start(configuration: ServiceConfiguration, logger: Logger, signals: [UnixSignal] = [],
                             upstreamTransport: (any HTTPTransport)? = nil) async throws -> TokenServer {
        let (urls, listening) = AsyncStream<URL>.makeStream()
        let app = try buildApplication(configuration: configuration, logger: logger, upstreamTransport: upstreamTransport) { url in
            listening.yield(url)
            listening.finish()
        }
        var lifecycle = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: signals, logger: logger)
        // In-flight requests wait at most one upstream timeout, then a little more.
        lifecycle.maximumGracefulShutdownDuration = configuration.upstreamTimeout + .seconds(5)
        let group = ServiceGroup(configuration: lifecycle)
        let task = Task {
            defer { listening.finish() }
            try await group.run()
        }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next() else {
            try await task.value
            throw StartError.notListening
        }
        return TokenServer(url: url, group: group, task: task)
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
