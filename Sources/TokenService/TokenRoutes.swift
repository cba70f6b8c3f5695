import Foundation
import Hummingbird
import NIOCore
import SpotifyClient

/// `POST /swap` and `POST /refresh`, as the token swap and refresh spec describes them, and
/// `GET /config`, from which clients learn the app's public client id.
struct TokenRoutes: Sendable {
    let upstream: Upstream
    let sealer: TokenSealer
    let redirectURIs: RedirectAllowList
    let clientID: String
    let maxBodyBytes: Int
    /// The ceiling on `/swap` calls to Spotify, for all clients together.
    let swapLimiter: RateLimiter

    /// Each path and the one method it takes; others get 405 with `Allow`.
    static let methods: [(path: String, method: HTTPRequest.Method)] = [
        ("/healthz", .get), ("/config", .get), ("/swap", .post), ("/refresh", .post),
    ]

    func add(to router: Router<ServiceContext>) {
        router.get("/healthz") { _, _ in JSONReply.response(["status": "ok"]) }
        router.get("/config") { _, _ in
            JSONReply.response(PublicConfig(clientID: clientID, redirectURIs: redirectURIs.uris))
        }
        router.post("/swap") { request, context in try await swap(request, context: context) }
        router.post("/refresh") { request, context in try await refresh(request, context: context) }
        let all: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]
        for (path, allowed) in Self.methods {
            for method in all where method != allowed {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw ServiceFailure.methodNotAllowed(allowed.rawValue)
                }
            }
        }
    }

    /// Code (and, from margin, its PKCE verifier) for tokens; the refresh token comes back sealed.
    func swap(_ request: Request, context: ServiceContext) async throws -> Response {
        let form = try await Self.form(request, context: context, limit: maxBodyBytes)
        guard let code = form["code"], !code.isEmpty else { throw ServiceFailure.invalidRequest("code must be supplied") }
        guard AuthorizationCode.isPlausible(code) else {
            context.logger.notice("refused a code that is not shaped like Spotify's", metadata: ["code_length": "\(code.utf8.count)"])
            throw ServiceFailure.invalidRequest("code is not shaped like a Spotify authorization code")
        }
        let redirectURI: String
        if let given = form["redirect_uri"], !given.isEmpty {
            guard redirectURIs.matches(given) else {
                throw ServiceFailure.invalidRequest("redirect_uri is not one this service allows; see GET /config")
            }
            redirectURI = given
        } else {
            guard let implied = redirectURIs.implied else { throw ServiceFailure.invalidRequest("redirect_uri must be supplied") }
            redirectURI = implied
        }
        var upstreamForm = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI)]
        if let verifier = form["code_verifier"], !verifier.isEmpty { upstreamForm.append(("code_verifier", verifier)) }
        if case .limited(let wait) = swapLimiter.admit("swap", at: .now) {
            context.logger.warning("the ceiling on code exchanges for all clients was reached", metadata: ["retry_after_s": "\(wait)"])
            throw ServiceFailure(status: 503, error: "temporarily_unavailable",
                                 description: "too many logins at once; retry after \(wait) s", retryAfter: wait)
        }
        let reply = try await upstream.post(upstreamForm, logger: context.logger)
        guard let refreshToken = reply.refreshToken, !refreshToken.isEmpty else {
            context.logger.warning("Spotify's code exchange reply had no refresh token")
            throw ServiceFailure(status: 502, error: "server_error", description: "Spotify's reply had no refresh token")
        }
        return Self.tokens(reply, sealed: try sealer.seal(refreshToken))
    }

    /// A sealed refresh token for a new access token. A token that does not open is refused
    /// here and never reaches Spotify. A new sealed token comes back when Spotify rotated the
    /// refresh token, or when the token was sealed under a key that is no longer current.
    func refresh(_ request: Request, context: ServiceContext) async throws -> Response {
        let form = try await Self.form(request, context: context, limit: maxBodyBytes)
        guard let sealed = form["refresh_token"], !sealed.isEmpty else {
            throw ServiceFailure.invalidRequest("refresh_token must be supplied")
        }
        let opened: (token: String, keyID: String)
        do { opened = try sealer.open(sealed) } catch {
            switch error {
            case .malformed:
                context.logger.notice("refused a refresh token that is not canonical base64url")
                throw ServiceFailure.malformedToken
            case .unknownKey:
                context.logger.warning("a refresh token names a key id this instance's keys file does not have",
                                       metadata: ["key_id": "\(Self.keyID(of: sealed))"])
                throw ServiceFailure.unknownKey
            case .unsealable:
                context.logger.notice("refused a refresh token that does not open with any key")
                throw ServiceFailure.invalidRefreshToken
            }
        }
        let reply = try await upstream.post([("grant_type", "refresh_token"), ("refresh_token", opened.token)], logger: context.logger)
        if let rotated = reply.refreshToken, !rotated.isEmpty {
            return Self.tokens(reply, sealed: try sealer.seal(rotated))
        }
        let resealed = opened.keyID == sealer.keys.current.id ? nil : try sealer.seal(opened.token)
        return Self.tokens(reply, sealed: resealed)
    }

    /// The key id a sealed token names (ids are not secret: the keys file's description shows them).
    static func keyID(of sealed: String) -> String {
        let parts = sealed.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && KeyRing.isValidID(parts[1]) ? String(parts[1]) : "?"
    }

    /// The form body, if the request is a form within the size limit.
    static func form(_ request: Request, context: ServiceContext, limit: Int) async throws -> [String: String] {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw ServiceFailure.invalidRequest("Content-Type must be application/x-www-form-urlencoded")
        }
        var request = request
        do {
            return FormEncoding.decode(String(buffer: try await request.collectBody(upTo: limit)))
        } catch is NIOTooManyBytesError {
            throw ServiceFailure(status: 413, error: "invalid_request", description: "request body over \(limit) bytes")
        }
    }

    static func tokens(_ reply: TokenReply, sealed: String?) -> Response {
        JSONReply.response(
            TokenBody(accessToken: reply.accessToken, tokenType: reply.tokenType ?? "Bearer", expiresIn: reply.expiresIn,
                      scope: reply.scope, refreshToken: sealed),
            headers: [.cacheControl: "no-store"])
    }
}

/// `/swap` and `/refresh` replies: Spotify's fields, the refresh token sealed.
struct TokenBody: Encodable {
    var accessToken: String
    var tokenType: String
    var expiresIn: Int
    var scope: String?
    var refreshToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case scope
        case refreshToken = "refresh_token"
    }
}

/// `GET /config`: what a client needs to start a login; nothing secret.
struct PublicConfig: Encodable {
    var clientID: String
    var redirectURIs: [String]

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case redirectURIs = "redirect_uris"
    }
}
