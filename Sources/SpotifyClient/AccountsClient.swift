import Foundation

/// The accounts service's token endpoint: code exchange and refresh (PKCE, no client secret).
public struct AccountsClient: Sendable {
    public let baseURL: URL
    let transport: any HTTPTransport

    public init(baseURL: URL, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Exchanges an authorization code and its verifier for tokens.
    public func exchange(code: String, redirectURI: String, clientID: String, verifier: String) async throws -> TokenReply {
        do {
            return try await post([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("client_id", clientID), ("code_verifier", verifier),
            ])
        } catch let failure as OAuthFailure {
            throw LoginError.exchangeFailed(failure.summary)
        }
    }

    /// Trades the refresh token for a new access token; `invalid_grant` means log in again.
    /// With a `deadline`, the request (retries included) is over by then.
    public func refresh(refreshToken: String, clientID: String, deadline: ContinuousClock.Instant? = nil) async throws -> TokenReply {
        do {
            return try await post([("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientID)],
                                  deadline: deadline)
        } catch let failure as OAuthFailure where failure.error == "invalid_grant" || failure.error == "invalid_client" {
            throw SpotifyError.loginRevoked(failure.summary)
        } catch let failure as OAuthFailure {
            throw SpotifyError.http(status: failure.status, message: failure.summary)
        }
    }

    private func post(_ form: [(String, String)], deadline: ContinuousClock.Instant? = nil) async throws -> TokenReply {
        let response = try await transport.postForm(baseURL.appendingPathComponent("api/token"), form, deadline: deadline)
        switch response.status {
        case 200..<300:
            guard let reply = TokenReply.decode(response.body) else { throw SpotifyError.malformedResponse(endpoint: "POST /api/token") }
            return reply
        case 429:
            throw SpotifyError.rateLimited(retryAfter: Int(response.headers["retry-after"] ?? "") ?? 1, quotaExceeded: false)
        case 500...:
            throw SpotifyError.server(status: response.status, endpoint: "POST /api/token")
        default:
            let body = OAuthErrorBody.decode(response.body)
            throw OAuthFailure(status: response.status, error: body?.error ?? "http_\(response.status)",
                               description: body?.errorDescription)
        }
    }
}

/// A 4xx from the token endpoint, before it is given margin's meaning.
struct OAuthFailure: Error {
    var status: Int
    var error: String
    var description: String?

    /// `invalid_grant: Refresh token revoked`; the description is Spotify's text, never a token.
    var summary: String { description.map { "\(error): \($0)" } ?? error }
}
