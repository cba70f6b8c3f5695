import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SpotifyClient

/// The service's own HTTP client for Spotify's token endpoint: one deadline over the whole
/// exchange (connect, send, head and body), and redirects never followed.
///
/// A redirect, 307 and 308 included, would re-send the form with the code or the refresh token
/// to wherever it points; the 3xx is handed back as it is and ``Upstream`` refuses it. The
/// deadline races the exchange in a task group, because a client's own timeout may stop at
/// the response head while an upstream trickles the body.
struct UpstreamClient: HTTPTransport {
    let timeout: Duration
    let trust: TrustRoots

    /// Why an exchange did not end in a response.
    enum Failure: Error, Equatable {
        case timeout
        case unreachable(String)
    }

    /// Every refresh goes to the same host: more connections to it than AsyncHTTPClient's
    /// default 8, so that requests do not queue for one under load. Made once per process.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Largest reply read: Spotify's token replies are well under a kilobyte.
    static let maxBody = 64 * 1024

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let deadline = ContinuousClock.now + timeout
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        if trust != .system { outgoing.tlsConfiguration = trust.clientConfiguration }
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let (timeout, prepared) = (self.timeout, outgoing)
        return try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
            group.addTask {
                do {
                    let response = try await Self.client.execute(prepared, timeout: .nanoseconds(Int64(timeout.nanoseconds)))
                    let body = try await response.body.collect(upTo: Self.maxBody)
                    var headers: [String: String] = [:]
                    for header in response.headers { headers[header.name.lowercased()] = header.value }
                    return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
                } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error) {
                    throw Failure.timeout
                } catch is CancellationError {
                    return nil
                } catch {
                    throw Failure.unreachable(String(String(describing: error).prefix(200)))
                }
            }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            // The first to finish: the exchange, or the deadline (nil).
            guard let first = try await group.next(), let response = first else { throw Failure.timeout }
            return response
        }
    }
}

extension Duration {
    /// Whole nanoseconds, for NIO's `TimeAmount`.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
