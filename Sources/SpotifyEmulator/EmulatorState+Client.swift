import Foundation

/// Who is asking `/api/token`: a public client naming itself in the form (PKCE), or a
/// confidential one proving itself with HTTP Basic client credentials (RFC 6749 §2.3.1).
struct TokenClient: Sendable, Equatable {
    var id: String
    /// Authenticated with the app's client secret.
    var confidential: Bool
}

extension EmulatorState {
    /// The client of a token request; Spotify's `invalid_client` for a wrong secret, a header
    /// that is not Basic credentials, or a client id the scenario refuses.
    func client(_ form: FormFields, authorization: String?) throws(Failure) -> TokenClient {
        guard let authorization, !authorization.isEmpty else {
            guard let clientID = form.nonEmpty("client_id") else {
                throw .oauth(error: "invalid_request", description: "client_id must be supplied")
            }
            guard accepts(clientID: clientID) else { throw .oauth(error: "invalid_client", description: "Invalid client") }
            return TokenClient(id: clientID, confidential: false)
        }
        let prefix = "basic "
        guard authorization.lowercased().hasPrefix(prefix),
              let decoded = Data(base64Encoded: String(authorization.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)),
              let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { throw .oauth(error: "invalid_client", description: "Invalid client") }
        let clientID = String(pair[..<colon]), secret = String(pair[pair.index(after: colon)...])
        tokens.remember(secret)
        guard !clientID.isEmpty, accepts(clientID: clientID) else {
            throw .oauth(error: "invalid_client", description: "Invalid client")
        }
        guard let expected = scenario.clientSecret, secret == expected else {
            throw .oauth(error: "invalid_client", description: "Invalid client secret")
        }
        if let named = form.nonEmpty("client_id"), named != clientID {
            throw .oauth(error: "invalid_client", description: "Invalid client")
        }
        return TokenClient(id: clientID, confidential: true)
    }
}
