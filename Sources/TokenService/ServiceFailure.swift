import Foundation
import Hummingbird

/// An error answer, always in the accounts service's flat OAuth shape:
/// `{"error":"invalid_grant","error_description":"Invalid refresh token"}`.
struct ServiceFailure: Error, Sendable, Equatable {
    var status: Int
    var error: String
    var description: String
    /// Seconds, sent as `Retry-After` (429, and 503 when Spotify gave one).
    var retryAfter: Int?
    /// The methods a path takes, sent as `Allow` with a 405.
    var allow: String?

    init(status: Int, error: String, description: String, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.error = error
        self.description = description
        self.retryAfter = retryAfter
        self.allow = allow
    }

    static func invalidRequest(_ description: String) -> ServiceFailure {
        ServiceFailure(status: 400, error: "invalid_request", description: description)
    }

    /// What a tampered, truncated, foreign or retired sealed token gets: the words Spotify
    /// uses for a refresh token it does not know, so clients treat it the same way.
    static let invalidRefreshToken = ServiceFailure(status: 400, error: "invalid_grant", description: "Invalid refresh token")

    /// A sealed token whose ciphertext is not canonical base64url: the client mangled it, which
    /// is not the same as the login being over, so not `invalid_grant`.
    static let malformedToken = ServiceFailure(status: 400, error: "invalid_request",
                                               description: "refresh_token is not a sealed token in canonical base64url")

    /// A token sealed under a key this instance does not have: during a rotation another
    /// instance may have it, or this one will after its restart. Never `invalid_grant`, which
    /// would log the member out.
    static let unknownKey = ServiceFailure(
        status: 503, error: "unknown_key",
        description: "this token was sealed with a key this instance does not have; a key rotation may be in progress, try again shortly",
        retryAfter: 5)

    /// A known path asked with a method it does not take.
    static func methodNotAllowed(_ allowed: String) -> ServiceFailure {
        ServiceFailure(status: 405, error: "method_not_allowed", description: "this endpoint takes \(allowed) only", allow: allowed)
    }

    static func rateLimited(retryAfter: Int) -> ServiceFailure {
        ServiceFailure(status: 429, error: "rate_limited",
                       description: "too many requests from this address; retry after \(retryAfter) s", retryAfter: retryAfter)
    }

    /// Hummingbird's own errors (an unknown path, a body over the limit) in the same shape.
    init(_ error: HTTPError) {
        let status = Int(error.status.code)
        switch status {
        case 404: self.init(status: 404, error: "not_found", description: "no such endpoint; see openapi/token-service.yaml")
        case 405: self.init(status: 405, error: "method_not_allowed", description: "method not allowed on this endpoint")
        case 413: self.init(status: 413, error: "invalid_request", description: "request body too large")
        default: self.init(status: status, error: status < 500 ? "invalid_request" : "server_error", description: error.status.reasonPhrase)
        }
    }

    var response: Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        return JSONReply.response(ErrorBody(error: error, errorDescription: description), status: status, headers: headers)
    }

    private struct ErrorBody: Encodable {
        var error: String
        var errorDescription: String

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }
}

/// JSON response bodies.
enum JSONReply {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func response(_ value: some Encodable, status: Int = 200, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
