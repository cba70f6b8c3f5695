/// One request the emulator received (control requests excepted), without secrets.
///
/// JSON: `{"method","path","query","status","grant_type"}`; `grant_type` only on `/api/token`.
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

    public init(method: String, path: String, query: String, status: Int, grantType: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.grantType = grantType
    }

    enum CodingKeys: String, CodingKey {
        case method, path, query, status
        case grantType = "grant_type"
    }
}
