import Foundation

/// A `margin-token-service` (README, "Sharing one Spotify app"): it holds the Spotify app's
/// secret and swaps login codes and refresh tokens for margin, which keeps only the sealed
/// refresh token the service hands out.
public struct TokenServiceClient: Sendable {
    public let baseURL: URL
    let transport: any HTTPTransport

    public init(baseURL: URL, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// What `GET /config` tells a client: the app's public client id and its redirect URIs.
    public struct Configuration: Decodable, Sendable, Equatable {
        public var clientID: String
        public var redirectURIs: [String]

        enum CodingKeys: String, CodingKey {
            case clientID = "client_id"
            case redirectURIs = "redirect_uris"
        }
    }

    /// The service's client id and redirect URIs.
    public func configuration() async throws -> Configuration {
        let response = try await reaching {
            try await transport.send(TransportRequest(url: baseURL.appendingPathComponent("config"), headers: ["Accept": "application/json"]))
        }
        guard response.status == 200, let configuration = try? JSONDecoder().decode(Configuration.self, from: response.body),
              !configuration.clientID.isEmpty
        else { throw TokenServiceError.notAService(url: baseURL.absoluteString) }
        return configuration
    }

    /// `POST /swap`: the login code, its redirect URI and PKCE verifier for tokens; the refresh
    /// token in the reply is sealed.
    public func swap(code: String, redirectURI: String, verifier: String) async throws -> TokenReply {
        do {
            return try await post("swap", [("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier)], deadline: nil)
        } catch let failure as OAuthFailure {
            throw LoginError.exchangeFailed(failure.summary)
        }
    }

    /// `POST /refresh` with the sealed refresh token; `invalid_grant` means log in again.
    public func refresh(sealed: String, deadline: ContinuousClock.Instant? = nil) async throws -> TokenReply {
        do {
            return try await post("refresh", [("refresh_token", sealed)], deadline: deadline)
        } catch let failure as OAuthFailure where failure.error == "invalid_grant" {
            throw SpotifyError.loginRevoked("the token service at \(baseURL.absoluteString) refused the stored login: \(failure.summary)")
        } catch let failure as OAuthFailure {
            throw TokenServiceError.refused(url: baseURL.absoluteString, status: failure.status, reason: failure.summary)
        }
    }

    private func post(_ path: String, _ form: [(String, String)], deadline: ContinuousClock.Instant?) async throws -> TokenReply {
        let response = try await reaching { try await transport.postForm(baseURL.appendingPathComponent(path), form, deadline: deadline) }
        switch response.status {
        case 200..<300:
            guard let reply = TokenReply.decode(response.body) else { throw TokenServiceError.notAService(url: baseURL.absoluteString) }
            return reply
        case 429:
            let seconds = Int(response.headers["retry-after"] ?? "") ?? 1
            throw TokenServiceError.rateLimited(url: baseURL.absoluteString, retryAfter: seconds)
        case 500...:
            throw TokenServiceError.unavailable(url: baseURL.absoluteString, status: response.status)
        default:
            let body = OAuthErrorBody.decode(response.body)
            throw OAuthFailure(status: response.status, error: body?.error ?? "http_\(response.status)", description: body?.errorDescription)
        }
    }

    /// Runs `exchange`; a service that cannot be reached is named by its URL.
    private func reaching(_ exchange: () async throws -> TransportResponse) async throws -> TransportResponse {
        do {
            return try await exchange()
        } catch SpotifyError.unreachable, SpotifyError.timeout {
            throw TokenServiceError.unreachable(url: baseURL.absoluteString)
        }
    }
}

/// A token service that could not do its part. Never carries a token or code.
public enum TokenServiceError: Error, Equatable, Sendable, LocalizedError {
    case unreachable(url: String)
    case unavailable(url: String, status: Int)
    case rateLimited(url: String, retryAfter: Int)
    case refused(url: String, status: Int, reason: String)
    case notAService(url: String)
    case redirectNotAllowed(uri: String, allowed: [String])

    public var errorDescription: String? {
        switch self {
        case .unreachable(let url):
            "cannot reach the token service at \(url); check that it runs and the URL ('margin config get token-service'), or log in directly with 'margin login'"
        case .unavailable(let url, let status):
            "the token service at \(url) answered \(status) after retries; try again shortly, or ask whoever runs it"
        case .rateLimited(let url, let seconds):
            "the token service at \(url) is rate limiting this machine; try again in \(seconds) s"
        case .refused(let url, let status, let reason):
            "the token service at \(url) refused the request (\(status): \(reason)); ask whoever runs it"
        case .notAService(let url):
            "\(url) did not answer like a margin-token-service; check the URL given to --token-service"
        case .redirectNotAllowed(let uri, let allowed):
            "the token service allows the redirect URIs \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(uri)'; set one with 'margin config set redirect-uri URI'"
        }
    }
}

extension TokenServiceClient.Configuration {
    /// The redirect URI to log in with: `preferred` when the service allows it; otherwise, if
    /// the user did not choose it (`chosen` false), the first loopback URI the service allows.
    /// An allowed URI without a port allows any port, as at Spotify.
    public func redirect(preferred: RedirectURI, chosen: Bool) throws(TokenServiceError) -> RedirectURI {
        let allowed = redirectURIs.compactMap { try? RedirectURI($0) }
        func allows(_ uri: RedirectURI) -> Bool {
            allowed.contains { $0.host == uri.host && $0.path == uri.path && ($0.port == nil || $0.port == uri.port) }
        }
        if allows(preferred) { return preferred }
        if !chosen, let first = allowed.first { return first }
        throw .redirectNotAllowed(uri: preferred.description, allowed: redirectURIs)
    }
}
