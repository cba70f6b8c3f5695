import Foundation

/// `POST /api/token`: code exchange and refresh, with Spotify's flat OAuth errors.
extension EmulatorState {
    /// Answers a token request whose form body is `form`, with its `Authorization` header
    /// (Basic client credentials from a confidential client, or none).
    func token(_ form: FormFields, authorization: String? = nil) throws(Failure) -> JSON {
        for name in ["code", "code_verifier", "refresh_token"] {
            if let value = form.nonEmpty(name) { tokens.remember(value) }
        }
        switch form.nonEmpty("grant_type") {
        case nil:
            throw .oauth(error: "unsupported_grant_type", description: "grant_type parameter is missing")
        case "authorization_code":
            return try exchangeCode(form, client: try client(form, authorization: authorization))
        case "refresh_token":
            return try refresh(form, client: try client(form, authorization: authorization))
        case let other?:
            throw .oauth(error: "unsupported_grant_type", description: "grant_type \(other) is not supported")
        }
    }

    private func exchangeCode(_ form: FormFields, client: TokenClient) throws(Failure) -> JSON {
        guard let code = form.nonEmpty("code") else {
            throw .oauth(error: "invalid_request", description: "code must be supplied")
        }
        guard let redirectURI = form.nonEmpty("redirect_uri") else {
            throw .oauth(error: "invalid_request", description: "redirect_uri must be supplied")
        }
        let verifier = form.nonEmpty("code_verifier")
        guard verifier != nil || client.confidential else {
            throw .oauth(error: "invalid_request", description: "code_verifier must be supplied")
        }
        let now = self.now
        guard let issued = tokens.codes[code], issued.issued.duration(to: now) < TokenStore.codeLifetime else {
            throw .oauth(error: "invalid_grant", description: "Invalid authorization code")
        }
        guard issued.clientID == client.id else {
            throw .oauth(error: "invalid_grant", description: "Invalid authorization code")
        }
        guard issued.redirectURI == redirectURI else {
            throw .oauth(error: "invalid_grant", description: "Invalid redirect URI")
        }
        // A code asked for with a challenge needs its verifier, whoever the client; one asked
        // for without (a confidential client) needs the secret, which `client` has checked.
        switch (issued.challenge, verifier) {
        case (let challenge?, let verifier?):
            guard PKCE.verify(verifier: verifier, challenge: challenge) else {
                throw .oauth(error: "invalid_grant", description: "code_verifier was incorrect")
            }
        case (_?, nil):
            throw .oauth(error: "invalid_request", description: "code_verifier must be supplied")
        case (nil, _):
            guard client.confidential else { throw .oauth(error: "invalid_client", description: "Invalid client") }
        }
        // Used up only by a successful exchange, so a client's bad first try can be retried.
        tokens.codes[code] = nil
        let access = tokens.issueAccess(scope: issued.scope, lifetime: scenario.accessTokenLifetime, now: now)
        let refresh = tokens.issueRefresh(clientID: client.id, scope: issued.scope, confidential: client.confidential)
        return tokenReply(access: access, scope: issued.scope, refresh: refresh)
    }

    private func refresh(_ form: FormFields, client: TokenClient) throws(Failure) -> JSON {
        guard let value = form.nonEmpty("refresh_token") else {
            throw .oauth(error: "invalid_request", description: "refresh_token must be supplied")
        }
        guard let stored = tokens.refresh[value] else {
            throw .oauth(error: "invalid_grant", description: "Invalid refresh token")
        }
        guard !stored.revoked else { throw .oauth(error: "invalid_grant", description: "Refresh token revoked") }
        guard stored.clientID == client.id, client.confidential || !stored.confidential else {
            throw .oauth(error: "invalid_client", description: "Invalid client")
        }
        let access = tokens.issueAccess(scope: stored.scope, lifetime: scenario.accessTokenLifetime, now: now)
        switch scenario.refreshMode {
        case .nonRotating:
            return tokenReply(access: access, scope: stored.scope, refresh: nil)
        case .rotating:
            tokens.refresh[value]?.revoked = true
            let next = tokens.issueRefresh(clientID: client.id, scope: stored.scope, confidential: client.confidential)
            return tokenReply(access: access, scope: stored.scope, refresh: next)
        }
    }

    private func tokenReply(access: String, scope: String, refresh: String?) -> JSON {
        var reply: JSON = [
            "access_token": .string(access),
            "token_type": "Bearer",
            "expires_in": .int(scenario.accessTokenLifetime),
        ]
        if let refresh { reply.set("refresh_token", .string(refresh)) }
        reply.set("scope", .string(scope))
        return reply
    }

    /// Checks a Web API request's `Authorization` header; throws Spotify's 401 otherwise.
    func authenticate(_ header: String?) throws(Failure) {
        guard let header, !header.isEmpty else { throw .unauthorized("No token provided") }
        let prefix = "Bearer "
        guard header.count > prefix.count, header.lowercased().hasPrefix(prefix.lowercased()) else {
            throw .api(status: 400, message: "Only valid bearer authentication supported")
        }
        let value = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        tokens.remember(value)
        guard let token = tokens.access[value], !token.revoked else { throw .unauthorized("Invalid access token") }
        guard now < token.expires else { throw .unauthorized("The access token expired") }
    }
}
