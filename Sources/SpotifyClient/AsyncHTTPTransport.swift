import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The real transport: AsyncHTTPClient's shared client with a per-request deadline.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The whole-request deadline (connect, send, wait, read).
    public let timeout: Duration
    /// Largest body accepted; Spotify's biggest replies are a few hundred KB.
    static let maxBody = 16 << 20

    public init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
    }

    /// Starts the shared client (its event loop threads) ahead of the first request, so that
    /// a command can overlap that start-up with its own work.
    public static func warmUp() {
        _ = HTTPClient.shared
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let seconds = timeout.components.seconds
        let deadline = TimeAmount.milliseconds(seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        do {
            let response = try await HTTPClient.shared.execute(outgoing, timeout: deadline)
            let buffer = try await response.body.collect(upTo: Self.maxBody)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(buffer.readableBytesView))
        } catch let error as SpotifyError {
            throw error
        } catch {
            throw Self.classify(error, endpoint: request.endpoint, timeout: timeout)
        }
    }

    /// Maps client errors to ``SpotifyError``: deadlines are timeouts, the rest is unreachable.
    static func classify(_ error: any Error, endpoint: String, timeout: Duration) -> SpotifyError {
        if let client = error as? HTTPClientError,
           [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout].contains(client) {
            return .timeout(endpoint: endpoint, seconds: Int(timeout.components.seconds))
        }
        if error is CancellationError { return .cancelled }
        if let client = error as? HTTPClientError, client == .cancelled { return .cancelled }
        let reset = (error as? HTTPClientError) == .remoteConnectionClosed
        return .unreachable(endpoint: endpoint, reset: reset)
    }
}
