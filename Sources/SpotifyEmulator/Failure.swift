import Hummingbird

/// An error answer, in whichever of Spotify's three error styles the endpoint uses.
///
/// Handlers throw these; `EmulatorMiddleware` turns them into responses.
enum Failure: Error, Sendable {
    /// Web API style: `{"error":{"status":N,"message":…,"reason":…}}`.
    case api(status: Int, message: String, reason: String? = nil, retryAfter: Int? = nil)
    /// Web API 401, which also carries a `WWW-Authenticate` header.
    case unauthorized(String)
    /// Accounts service token errors: HTTP 400 `{"error":…,"error_description":…}`.
    case oauth(error: String, description: String)
    /// Accounts service page errors (`/authorize`): a small HTML page.
    case page(status: Int, message: String)

    /// The response Spotify would send.
    var response: Response {
        switch self {
        case .api(let status, let message, let reason, let retryAfter):
            var error: JSON = ["status": .int(status), "message": .string(message)]
            if let reason { error.set("reason", .string(reason)) }
            var headers: HTTPFields = [:]
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            return Reply.json(["error": error], status: status, headers: headers)
        case .unauthorized(let message):
            let challenge = "Bearer realm=\"spotify\", error=\"invalid_token\", error_description=\"\(message)\""
            return Reply.json(
                ["error": ["status": 401, "message": .string(message)]],
                status: 401,
                headers: [.wwwAuthenticate: challenge]
            )
        case .oauth(let error, let description):
            return Reply.json(["error": .string(error), "error_description": .string(description)], status: 400)
        case .page(let status, let message):
            let escaped = Catalog.escapeHTML(message)
            let html = "<!DOCTYPE html><html><head><title>Error</title></head>"
                + "<body><h1>Oops! Something went wrong</h1><p>\(escaped)</p></body></html>"
            return Reply.text(html, status: status, contentType: "text/html; charset=utf-8")
        }
    }

    /// The message Spotify uses for a bare status, for faults that give none.
    static func defaultMessage(for status: Int) -> String {
        switch status {
        case 400: "Bad request"
        case 401: "Invalid access token"
        case 403: "Forbidden"
        case 404: "Service not found"
        case 429: "API rate limit exceeded"
        case 500: "Server error"
        case 502: "Bad gateway"
        case 503: "Service unavailable"
        default: HTTPResponse.Status(code: status).reasonPhrase
        }
    }
}
