import Foundation

/// A token service that could not do its part. Never carries a token or code.
public enum TokenServiceError: Error, Equatable, Sendable, LocalizedError {
    case unreachable(url: String)
    case unavailable(url: String, status: Int)
    case rateLimited(url: String, retryAfter: Int)
    case refused(url: String, status: Int, reason: String)
    case notAService(url: String)
    case redirectNotAllowed(uri: String, allowed: [String])
    /// The service answered a login's request with a redirect, which margin does not follow:
    /// it would send the login code elsewhere. `to` is the target's `scheme://host[:port]`.
    case redirected(url: String, status: Int, to: String)
    /// A refresh the service did not do, for any reason but `invalid_grant`: the stored login
    /// is kept, and a later try may well work (a deploy or key rotation under way).
    case refreshDeferred(url: String, reason: String)
    /// `http://` to a host other than this machine: refresh tokens would cross the network in
    /// the clear. `source` names where the URL came from (`--token-service`, …).
    case clearText(url: String, source: String)
    /// A stored login whose refreshes would go to such a URL without the user having allowed
    /// it (a login made before margin refused them). The login is kept; a new one fixes it.
    case clearTextStored(url: String)

    public var errorDescription: String? {
        switch self {
        case .unreachable(let url):
            "cannot reach the token service at \(url); check that it runs and the URL ('margin config get token-service'), or log in directly with 'margin login'"
        case .unavailable(let url, let status):
            "the token service at \(url) answered \(status) after retries; try again shortly, or ask whoever runs it"
        case .rateLimited(let url, let seconds):
            "the token service at \(url) is rate limiting this machine; try again in \(seconds) s"
        case .refused(let url, let status, let reason):
            "the token service at \(url) refused the request (\(status): \(reason)); ask whoever runs it"
        case .notAService(let url):
            "\(url) did not answer like a margin-token-service; check the URL given to --token-service"
        case .redirectNotAllowed(let uri, let allowed):
            "the token service allows the redirect URIs \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(uri)'; set one with 'margin config set redirect-uri URI'"
        case .redirected(let url, let status, let target):
            "the token service at \(url) answered with a redirect (\(status) to \(target)), which margin does not follow; give --token-service the service's own address"
        case .refreshDeferred(let url, let reason):
            "the token service at \(url) did not refresh the login (it \(reason)); it may be mid-deploy or unreachable, so the login is kept: try again shortly"
        case .clearText(let url, let source):
            "refusing the token service \(url) (\(source)): plain http:// to another machine would send refresh tokens in the clear; use its https:// address, or add --insecure-token-service on a lab network"
        case .clearTextStored(let url):
            "the stored login refreshes through \(url), plain http:// to another machine, which would send the refresh token in the clear; run 'margin login --token-service' with its https:// address (or --insecure-token-service on a lab network)"
        }
    }
}

/// What went wrong with one call to a token service, before the caller gives it a meaning:
/// a login reports it as it is, a refresh keeps the stored login unless it is `invalid_grant`.
enum ServiceTrouble: Error {
    /// A 4xx with its OAuth error.
    case refused(OAuthFailure)
    /// A 5xx (after the transport's retries), with the OAuth error its body named.
    case failing(status: Int, error: String?)
    case rateLimited(seconds: Int)
    /// A 2xx that is not a token reply (a proxy's page, another server).
    case notTokens(status: Int)
    case unreachable
    /// No whole answer within this many seconds.
    case silent(seconds: Int)
    case redirected(status: Int, to: String)

    /// The clause after "it" in a message: what the service did.
    var reason: String {
        switch self {
        case .refused(let failure): "answered \(failure.status): \(failure.summary.oneLine)"
        case .failing(let status, "unknown_key"?):
            "answered \(status) unknown_key: the instance lacks the key the login was sealed with; a key rotation may be in progress"
        case .failing(let status, let error?): "answered \(status) \(error.oneLine)"
        case .failing(let status, nil): "answered \(status)"
        case .rateLimited(let seconds): "asked this machine to wait \(seconds) s"
        case .notTokens(let status): "answered \(status) without tokens"
        case .unreachable: "could not be reached"
        case .silent(let seconds): "did not answer within \(seconds) s (MARGIN_TIMEOUT)"
        case .redirected(let status, let target): "answered with a redirect (\(status) to \(target)), which margin does not follow"
        }
    }

    /// The error a login (`GET /config`, `POST /swap`) reports for this.
    func loginError(url: String) -> TokenServiceError {
        switch self {
        case .refused(let failure): .refused(url: url, status: failure.status, reason: failure.summary.oneLine)
        case .failing(let status, _): .unavailable(url: url, status: status)
        case .rateLimited(let seconds): .rateLimited(url: url, retryAfter: seconds)
        case .notTokens: .notAService(url: url)
        case .unreachable, .silent: .unreachable(url: url)
        case .redirected(let status, let target): .redirected(url: url, status: status, to: target)
        }
    }
}

extension String {
    /// The text on one line, at most 200 characters: a service's words inside margin's message.
    var oneLine: String {
        let flat = split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
    }
}
