import Foundation

/// A `margin-token-service` (docs/token-service.md): it holds the Spotify app's
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
        let response: TransportResponse
        do {
            response = try await reaching {
                try await transport.send(TransportRequest(url: baseURL.appendingPathComponent("config"), headers: ["Accept": "application/json"]))
            }
        } catch let trouble as ServiceTrouble {
            throw trouble.loginError(url: baseURL.absoluteString)
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
        } catch let trouble as ServiceTrouble {
            if case .refused(let failure) = trouble { throw LoginError.exchangeFailed(failure.summary) }
            throw trouble.loginError(url: baseURL.absoluteString)
        }
    }

    /// `POST /refresh` with the sealed refresh token.
    ///
    /// Only `invalid_grant` means the login is gone (log in again). Any other answer — a 503
    /// `unknown_key` while a key rotation reaches every instance, another 5xx or 4xx, a reply
    /// that is not tokens, a redirect, no answer in time — is a service that may be mid-deploy:
    /// ``TokenServiceError/refreshDeferred(url:reason:)``, and the stored login stays as it is.
    public func refresh(sealed: String, deadline: ContinuousClock.Instant? = nil) async throws -> TokenReply {
        do {
            return try await post("refresh", [("refresh_token", sealed)], deadline: deadline)
        } catch ServiceTrouble.refused(let failure) where failure.error == "invalid_grant" {
            throw SpotifyError.loginRevoked("the token service at \(baseURL.absoluteString) refused the stored login: \(failure.summary)")
        } catch ServiceTrouble.rateLimited(let seconds) {
            throw TokenServiceError.rateLimited(url: baseURL.absoluteString, retryAfter: seconds)
        } catch let trouble as ServiceTrouble {
            throw TokenServiceError.refreshDeferred(url: baseURL.absoluteString, reason: trouble.reason)
        }
    }

    private func post(_ path: String, _ form: [(String, String)], deadline: ContinuousClock.Instant?) async throws -> TokenReply {
        let response = try await reaching { try await transport.postForm(baseURL.appendingPathComponent(path), form, deadline: deadline) }
        let body = OAuthErrorBody.decode(response.body)
        switch response.status {
        case 200..<300:
            guard let reply = TokenReply.decode(response.body) else { throw ServiceTrouble.notTokens(status: response.status) }
            return reply
        case 429:
            throw ServiceTrouble.rateLimited(seconds: Int(response.headers["retry-after"] ?? "") ?? 1)
        case 500...:
            throw ServiceTrouble.failing(status: response.status, error: body?.error)
        default:
            throw ServiceTrouble.refused(OAuthFailure(status: response.status, error: body?.error ?? "http_\(response.status)",
                                                      description: body?.errorDescription))
        }
    }

    /// Runs `exchange`; a service that cannot be reached, does not answer in time or redirects
    /// is a ``ServiceTrouble`` the caller gives its meaning.
    private func reaching(_ exchange: () async throws -> TransportResponse) async throws -> TransportResponse {
        do {
            return try await exchange()
        } catch SpotifyError.unreachable {
            throw ServiceTrouble.unreachable
        } catch SpotifyError.timeout(_, let seconds) {
            throw ServiceTrouble.silent(seconds: seconds)
        } catch SpotifyError.redirected(_, let status, let target) {
            throw ServiceTrouble.redirected(status: status, to: target)
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
