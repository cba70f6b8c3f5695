import Foundation

/// The Web API endpoints margin uses. Methods build requests and decode replies; tokens and
/// retries belong to the transport wrappers beneath.
public struct SpotifyAPI: Sendable {
    public let baseURL: URL
    let transport: any HTTPTransport
    /// The wall clock that stamps ``PlaybackSnapshot/receivedAt``; injected so tests never sleep.
    let now: @Sendable () -> Date

    public init(baseURL: URL, transport: any HTTPTransport, now: @escaping @Sendable () -> Date = Date.init) {
        self.baseURL = baseURL
        self.transport = transport
        self.now = now
    }

    /// `GET /me`: the logged-in user.
    public func me() async throws -> SpotifyUser {
        try await get("me")
    }

    func get<T: Decodable>(_ path: String, query: [(String, String)] = []) async throws -> T {
        let response = try await send(method: "GET", path, query: query)
        return try Self.decode(T.self, from: response.body, endpoint: "GET /\(path)")
    }

    /// Decodes `body`; any failure is ``SpotifyError/malformedResponse(endpoint:)`` naming the
    /// endpoint, never quoting the body (it may be large, or carry data that belongs to no log).
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, endpoint: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw SpotifyError.malformedResponse(endpoint: endpoint)
        }
    }

    /// Sends a request and turns every non-2xx status into a ``SpotifyError``; with a `deadline`,
    /// the whole call (token refresh and retries included) is over by then.
    func send(method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil,
              deadline: ContinuousClock.Instant? = nil) async throws -> TransportResponse {
        var url = baseURL.appendingPathComponent(path)
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedQuery = FormEncoding.encode(query)
            url = components.url ?? url
        }
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = TransportRequest(method: method, url: url, headers: headers, body: body, deadline: deadline)
        let response = try await transport.send(request)
        if (200..<300).contains(response.status) { return response }
        throw Self.error(for: response, endpoint: "\(method) /\(path)")
    }

    /// Spotify's status, reason and message in margin's terms.
    static func error(for response: TransportResponse, endpoint: String) -> SpotifyError {
        let detail = SpotifyErrorBody.decode(response.body)
        let message = detail?.message ?? ""
        let reason = detail?.reason ?? ""
        switch response.status {
        case 401:
            return .loginRevoked("Spotify refused the access token: \(message.isEmpty ? "401" : message)")
        case 403 where reason == "PREMIUM_REQUIRED" || message.localizedCaseInsensitiveContains("premium required"):
            return .premiumRequired
        case 403 where message.localizedCaseInsensitiveContains("restriction violated"):
            return .restricted(reason: reason.isEmpty ? "UNKNOWN" : reason)
        case 403:
            return .forbidden(message)
        case 404 where reason == "NO_ACTIVE_DEVICE":
            return .noActiveDevice
        case 404:
            return .notFound(endpoint: endpoint)
        case 429:
            let retryAfter = Int(response.headers["retry-after"]?.trimmingCharacters(in: .whitespaces) ?? "") ?? 1
            return .rateLimited(retryAfter: retryAfter, quotaExceeded: reason == "QUOTA_EXCEEDED")
        case 500...:
            return .server(status: response.status, endpoint: endpoint)
        default:
            return .http(status: response.status, message: message.isEmpty ? "no message" : message)
        }
    }
}
