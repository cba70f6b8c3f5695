import Foundation

/// `GET /authorize`: the consent step, decided by the scenario instead of a person.
extension EmulatorState {
    /// Checks the request the way Spotify does and returns where to redirect the browser.
    /// Requests that cannot be redirected safely fail with a 400 page.
    func authorize(_ query: FormFields) throws(Failure) -> String {
        guard let clientID = query.nonEmpty("client_id"), accepts(clientID: clientID) else {
            throw .page(status: 400, message: "INVALID_CLIENT: Invalid client")
        }
        guard let redirectURI = query.nonEmpty("redirect_uri") else {
            throw .page(status: 400, message: "INVALID_CLIENT: Invalid redirect URI")
        }
        if let problem = EmulatorState.redirectURIProblem(redirectURI) {
            throw .page(status: 400, message: problem)
        }
        guard query["response_type"] == "code" else {
            throw .page(status: 400, message: "unsupported_response_type: response_type must be code")
        }
        let challenge = try pkceChallenge(query)
        let state = query["state"]
        switch scenario.authorize {
        case .deny:
            return EmulatorState.appending([("error", "access_denied"), ("state", state)], to: redirectURI)
        case .approve:
            let code = tokens.issueCode(TokenStore.Code(
                clientID: clientID, redirectURI: redirectURI, challenge: challenge,
                scope: query["scope"] ?? "", issued: now
            ))
            return EmulatorState.appending([("code", code), ("state", state)], to: redirectURI)
        }
    }

    /// The request's S256 challenge; nil only when a confidential client (the scenario has a
    /// `client_secret`) leaves PKCE out altogether, which Spotify allows such clients.
    private func pkceChallenge(_ query: FormFields) throws(Failure) -> String? {
        if scenario.clientSecret != nil, query["code_challenge"] == nil, query["code_challenge_method"] == nil { return nil }
        guard query["code_challenge_method"] == "S256" else {
            throw .page(status: 400, message: "INVALID_REQUEST: code_challenge_method must be S256")
        }
        guard let challenge = query.nonEmpty("code_challenge"), EmulatorState.isWellFormedChallenge(challenge) else {
            throw .page(status: 400, message: "INVALID_REQUEST: code_challenge must be a base64url S256 challenge")
        }
        return challenge
    }

    /// True when the scenario accepts this client id (any, or exactly the configured one).
    func accepts(clientID: String) -> Bool {
        scenario.clientID.map { $0 == clientID } ?? true
    }

    /// Why Spotify would refuse this redirect URI, or nil when it is acceptable:
    /// https anywhere, or http on a loopback IP literal; `localhost` is "insecure".
    static func redirectURIProblem(_ uri: String) -> String? {
        guard let parts = URLComponents(string: uri), let scheme = parts.scheme?.lowercased(),
              let host = parts.host?.lowercased(), !host.isEmpty, parts.fragment == nil
        else { return "INVALID_CLIENT: Invalid redirect URI" }
        switch scheme {
        case "https":
            return nil
        case "http":
            let loopback = ["127.0.0.1", "[::1]", "::1"]
            return loopback.contains(host) ? nil : "INVALID_CLIENT: Insecure redirect URI"
        default:
            return "INVALID_CLIENT: Insecure redirect URI"
        }
    }

    /// A challenge is base64url text of 43–128 characters (an S256 digest is 43).
    static func isWellFormedChallenge(_ challenge: String) -> Bool {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return (43...128).contains(challenge.count) && challenge.allSatisfy(alphabet.contains)
    }

    /// `uri` with query items added after any it already has; nil values are left out.
    static func appending(_ items: [(String, String?)], to uri: String) -> String {
        let encoded = items.compactMap { name, value in value.map { "\(name)=\(FormFields.encode($0))" } }
        guard !encoded.isEmpty else { return uri }
        return uri + (uri.contains("?") ? "&" : "?") + encoded.joined(separator: "&")
    }
}
