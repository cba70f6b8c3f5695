import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The real transport: one AsyncHTTPClient per process, with a per-request deadline, never
/// following a redirect.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The whole-request deadline (connect, send, wait, and the reply's head and body to their
    /// last byte); a request's own ``TransportRequest/deadline`` can only shorten it.
    public let timeout: Duration
    /// The CAs that HTTPS connections trust.
    public let trust: TrustRoots
    /// Largest body accepted; Spotify's biggest replies are a few hundred KB.
    static let maxBody = 16 << 20
    /// The client requests go through: the process-wide one unless given.
    let client: HTTPClient

    public init(timeout: Duration = .seconds(10), trust: TrustRoots = .system, client: HTTPClient? = nil) {
        self.timeout = timeout
        self.trust = trust
        self.client = client ?? Self.client
    }

    /// Starts the client (its event loop threads) ahead of the first request, so that
    /// a command can overlap that start-up with its own work.
    public static func warmUp() {
        _ = client
    }

    /// Like AsyncHTTPClient's shared client, but a connection that cannot be made fails at once
    /// instead of being retried until the deadline: a refused port or a certificate that is not
    /// trusted will not be different a second later, and the user should hear why now. And it
    /// follows no redirect: a token request that did would hand a code or refresh token to
    /// wherever the `Location` points (see ``send(_:)``).
    static let client = makeClient(connectionsPerHost: nil)

    /// A client like the process-wide one; with `connectionsPerHost`, it keeps up to that many
    /// connections to one host (AsyncHTTPClient's default is 8), for a server whose requests
    /// all go on to one upstream. Made once per process: it is never shut down.
    public static func makeClient(connectionsPerHost: Int?) -> HTTPClient {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        if let connectionsPerHost { configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let budget = request.deadline.map { min(timeout, $0 - ContinuousClock.now) } ?? timeout
        guard budget > .zero else { throw SpotifyError.timeout(endpoint: request.endpoint, seconds: budget.wholeSeconds) }
        let secure = request.url.scheme?.lowercased() == "https"
        let host = request.url.host ?? ""
        if secure, let setting = trust.unreadableSetting {
            throw SpotifyError.tls(host: host, reason: .unusableTrustRoots(setting: setting))
        }
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.tlsConfiguration = trust.tlsConfiguration
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let started = ContinuousClock.now
        let client = client, endpoint = request.endpoint
        do {
            return try await Self.bounded(by: budget, endpoint: endpoint) { [outgoing] in
                let response = try await client.execute(outgoing, timeout: budget.timeAmount)
                let status = Int(response.status.code)
                if (300..<400).contains(status) {
                    throw SpotifyError.redirected(endpoint: endpoint, status: status,
                                                  to: Self.origin(response.headers.first(name: "location"), from: request.url))
                }
                let buffer = try await response.body.collect(upTo: Self.maxBody)
                var headers: [String: String] = [:]
                for header in response.headers { headers[header.name.lowercased()] = header.value }
                return TransportResponse(status: status, headers: headers, body: Data(buffer.readableBytesView))
            }
        } catch let error as SpotifyError {
            throw error
        } catch {
            switch TLSErrorKind(error, roots: trust) {
            case .verificationFailed?:
                let left = budget - (ContinuousClock.now - started)
                let reason = await CertificateProbe.reason(host: host, port: request.url.port ?? 443,
                                                           budget: min(left, .seconds(3)))
                throw SpotifyError.tls(host: host, reason: reason)
            case .failure(let reason)?:
                throw SpotifyError.tls(host: host, reason: reason)
            case nil:
                throw Self.classify(error, endpoint: request.endpoint, timeout: budget)
            }
        }
    }

    /// Maps client errors to ``SpotifyError``: deadlines are timeouts, the rest is unreachable.
    static func classify(_ error: any Error, endpoint: String, timeout: Duration) -> SpotifyError {
        if let client = error as? HTTPClientError,
           [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout].contains(client) {
            return .timeout(endpoint: endpoint, seconds: timeout.wholeSeconds)
        }
        if error is CancellationError { return .cancelled }
        if let client = error as? HTTPClientError, client == .cancelled { return .cancelled }
        let reset = (error as? HTTPClientError) == .remoteConnectionClosed
        return .unreachable(endpoint: endpoint, reset: reset)
    }
}

extension Duration {
    /// Whole seconds for messages, rounded to the nearest and never below 1 ("within 1 s").
    var wholeSeconds: Int {
        max(1, Int((Double(components.seconds) + Double(components.attoseconds) / 1e18).rounded()))
    }

    /// The same span as NIO's `TimeAmount`, to the millisecond (at least 1 ms).
    var timeAmount: TimeAmount {
        .milliseconds(max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000))
    }
}
