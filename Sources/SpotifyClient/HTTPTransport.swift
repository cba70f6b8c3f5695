import Foundation

/// One HTTP request, as the transports see it.
public struct TransportRequest: Sendable {
    public var method: String
    public var url: URL
    /// Header names as sent; lookups elsewhere are case-insensitive.
    public var headers: [String: String]
    public var body: Data?
    /// When the whole call must be over, retries and their waits included; nil leaves it to the
    /// transport's own per-request timeout. Transports shorten their timeout to it, and the
    /// retrying wrapper never starts a wait that would end past it.
    public var deadline: ContinuousClock.Instant?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
                deadline: ContinuousClock.Instant? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.deadline = deadline
    }

    /// What logs and errors may name: method and path, never the query or headers.
    public var endpoint: String { "\(method) \(url.path)" }
}

/// One HTTP response with its whole body.
public struct TransportResponse: Sendable {
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }
}

extension HTTPTransport {
    /// POSTs `form` as `application/x-www-form-urlencoded`, asking for JSON: what every token
    /// endpoint takes (Spotify's, and a token service's `/swap` and `/refresh`).
    public func postForm(_ url: URL, _ form: [(String, String)], headers: [String: String] = [:],
                         deadline: ContinuousClock.Instant? = nil) async throws -> TransportResponse {
        var all = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        all.merge(headers) { _, given in given }
        return try await send(TransportRequest(method: "POST", url: url, headers: all,
                                               body: Data(FormEncoding.encode(form).utf8), deadline: deadline))
    }
}

/// Sends requests. The real one speaks HTTP; wrappers add authorization and retries
/// (DESIGN.md rule 4), so endpoint methods never touch tokens or backoff.
///
/// Errors thrown are ``SpotifyError`` values.
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
