import Foundation
import Logging
import SpotifyClient

/// Spotify's token endpoint as the service calls it: `{accounts}/api/token` with the app's
/// HTTP Basic client credentials, within the upstream timeout, never retried (the client
/// retries, and a code must not be spent twice).
struct Upstream: Sendable {
    let tokenURL: URL
    let credentials: ClientCredentials
    let transport: any HTTPTransport
    let timeout: Duration
    let metrics: ServiceMetrics?

    init(configuration: ServiceConfiguration, transport: (any HTTPTransport)? = nil, metrics: ServiceMetrics? = nil) {
        tokenURL = configuration.accountsURL.appendingPathComponent("api/token")
        credentials = configuration.credentials
        timeout = configuration.upstreamTimeout
        self.metrics = metrics
        // A 3xx comes back as a response, refused by ``reply(_:logger:)``; a token reply is well
        // under a kilobyte.
        self.transport = transport ?? CurlTransport(timeout: configuration.upstreamTimeout, trust: configuration.trust,
                                                    maxBody: 64 * 1024, redirectsAreErrors: false, concurrent: 64)
    }

    /// Posts `form`; Spotify's answer as a ``TokenReply``, or its refusal as the
    /// ``ServiceFailure`` that means the same to the client.
    func post(_ form: [(String, String)], logger: Logger) async throws(ServiceFailure) -> TokenReply {
        let response: TransportResponse
        let started = ContinuousClock.now
        defer { metrics?.upstream(seconds: RateLimit.seconds(started.duration(to: .now))) }
        do {
            response = try await transport.postForm(tokenURL, form, headers: ["Authorization": credentials.basicAuthorization])
        } catch let error as SpotifyError {
            if case .timeout = error {
                logger.warning("Spotify's token endpoint did not answer in time", metadata: ["timeout_s": "\(timeout.components.seconds)"])
                throw Self.timedOut
            }
            // The message names the endpoint, the host and a setting, never a code or a token.
            logger.warning("Spotify's token endpoint failed", metadata: ["reason": "\(error.errorDescription ?? "unreachable")"])
            throw Self.unreachable
        } catch {
            logger.warning("Spotify's token endpoint failed", metadata: ["reason": "\(error)"])
            throw Self.unreachable
        }
        return try Self.reply(response, logger: logger)
    }

    static let timedOut = ServiceFailure(status: 504, error: "temporarily_unavailable", description: "Spotify did not answer in time; try again")
    static let unreachable = ServiceFailure(status: 502, error: "temporarily_unavailable",
                                            description: "cannot reach Spotify's accounts service; try again")

    /// Spotify's answer in the client's terms: the same status and OAuth error, `Retry-After` kept.
    static func reply(_ response: TransportResponse, logger: Logger) throws(ServiceFailure) -> TokenReply {
        let retryAfter = response.headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch response.status {
        case 200..<300:
            guard let reply = TokenReply.decode(response.body) else {
                logger.warning("Spotify's token reply could not be read", metadata: ["upstream_status": "\(response.status)"])
                throw ServiceFailure(status: 502, error: "server_error", description: "Spotify's reply could not be read")
            }
            return reply
        case 300..<400:
            // Never followed: the form carries a code or a refresh token.
            logger.error("Spotify's token endpoint answered a redirect; not followed", metadata: ["upstream_status": "\(response.status)"])
            throw ServiceFailure(status: 502, error: "server_error",
                                 description: "Spotify's token endpoint answered a redirect (\(response.status)), which the service does not follow")
        case 429:
            throw ServiceFailure(status: 429, error: "rate_limited",
                                 description: "Spotify is rate limiting this app; retry after \(retryAfter ?? 1) s", retryAfter: retryAfter ?? 1)
        case 500...:
            throw ServiceFailure(status: response.status, error: "server_error",
                                 description: "Spotify answered \(response.status); try again", retryAfter: retryAfter)
        default:
            let body = OAuthErrorBody.decode(response.body)
            if body?.error == "invalid_client" {
                logger.error("Spotify refused the service's client credentials; check MARGIN_SERVICE_CLIENT_ID and the secret")
            }
            throw ServiceFailure(status: response.status, error: body?.error ?? "invalid_request",
                                 description: body?.errorDescription ?? "Spotify refused the request (\(response.status))")
        }
    }
}
