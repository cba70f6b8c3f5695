/// One request the emulator received (control requests excepted), without secrets.
///
/// JSON: `{"method","path","query","status","grant_type","content_type","body"}`; `grant_type`
/// only on `/api/token`; `content_type` and `body` only on Web API requests that carry a body
/// (the accounts service's bodies hold codes, verifiers and tokens, and are never kept).
public struct LoggedRequest: Codable, Sendable, Equatable {
    /// `GET`, `PUT`, …
    public var method: String
    /// The path without the query, e.g. `/v1/me/player/currently-playing`.
    public var path: String
    /// The raw query string without `?`; empty when there is none.
    public var query: String
    /// The HTTP status answered; 0 when the emulator did not answer (hang, reset faults).
    public var status: Int
    /// The `grant_type` of an `/api/token` request, nil elsewhere.
    public var grantType: String?
    /// The `Content-Type` of a Web API request with a body, nil elsewhere.
    public var contentType: String?
    /// The body of a Web API request (up to 64 KiB), nil when it has none.
    public var body: String?

    public init(method: String, path: String, query: String, status: Int, grantType: String? = nil,
                contentType: String? = nil, body: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.grantType = grantType
        self.contentType = contentType
        self.body = body
    }

    enum CodingKeys: String, CodingKey {
        case method, path, query, status, body
        case grantType = "grant_type"
        case contentType = "content_type"
    }
}
