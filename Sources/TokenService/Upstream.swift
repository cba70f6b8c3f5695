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

    init(configuration: ServiceConfiguration, transport: (any HTTPTransport)? = nil) {
        tokenURL = configuration.accountsURL.appendingPathComponent("api/token")
        credentials = configuration.credentials
        self.transport = transport ?? AsyncHTTPTransport(timeout: configuration.upstreamTimeout, trust: configuration.trust,
                                                         client: Self.client)
    }

    /// Every client's refresh goes on to the same host: more connections to it than
    /// AsyncHTTPClient's default 8, so that requests do not queue for one under load.
    static let client = AsyncHTTPTransport.makeClient(connectionsPerHost: 64)

    /// Posts `form`; Spotify's answer as a ``TokenReply``, or its refusal as the
    /// ``ServiceFailure`` that means the same to the client.
    func post(_ form: [(String, String)], logger: Logger) async throws(ServiceFailure) -> TokenReply {
        let response: TransportResponse
        do {
            response = try await transport.postForm(tokenURL, form, headers: ["Authorization": credentials.basicAuthorization])
        } catch let error as SpotifyError {
            logger.warning("Spotify's token endpoint failed", metadata: ["reason": "\(error.localizedDescription)"])
            if case .timeout = error {
                throw ServiceFailure(status: 504, error: "temporarily_unavailable", description: "Spotify did not answer in time; try again")
            }
            throw ServiceFailure(status: 502, error: "temporarily_unavailable", description: "cannot reach Spotify's accounts service; try again")
        } catch {
            throw ServiceFailure(status: 502, error: "temporarily_unavailable", description: "cannot reach Spotify's accounts service; try again")
        }
        return try Self.reply(response, logger: logger)
    }

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
