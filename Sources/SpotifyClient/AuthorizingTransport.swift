import Foundation

/// Adds the bearer token, and on a 401 refreshes once and retries once. A refresh on the way
/// keeps to the request's ``TransportRequest/deadline``.
public struct AuthorizingTransport: HTTPTransport {
    let base: any HTTPTransport
    let tokens: TokenProvider

    public init(base: any HTTPTransport, tokens: TokenProvider) {
        self.base = base
        self.tokens = tokens
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let token = try await tokens.accessToken(deadline: request.deadline)
        let response = try await base.send(authorized(request, token))
        guard response.status == 401 else { return response }
        let fresh = try await tokens.refresh(replacing: token, deadline: request.deadline)
        return try await base.send(authorized(request, fresh))
    }

    private func authorized(_ request: TransportRequest, _ token: String) -> TransportRequest {
        var copy = request
        copy.headers["Authorization"] = "Bearer \(token)"
        return copy
    }
}
