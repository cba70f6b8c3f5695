import Foundation

/// Everything the authorize URL carries, and the URL itself.
public struct AuthorizeRequest: Sendable {
    /// The scopes margin asks for (see SPOTIFY.md).
    public static let scopes = [
        "user-read-currently-playing",
        "user-read-playback-state",
        "user-modify-playback-state",
        "user-read-playback-position",
        "user-read-private",
        // Saved shows and episodes (`margin shows`, `margin episodes`).
        "user-library-read",
    ]

    public let accountsURL: URL
    public let clientID: String
    /// The redirect URI exactly as the token request will repeat it.
    public let redirectURI: String
    public let state: String
    public let pkce: PKCE
    public let scopes: [String]

    public init(accountsURL: URL, clientID: String, redirectURI: String,
                state: String = RandomToken.make(length: 32), pkce: PKCE,
                scopes: [String] = AuthorizeRequest.scopes) {
        self.accountsURL = accountsURL
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.state = state
        self.pkce = pkce
        self.scopes = scopes
    }

    /// `{accounts}/authorize?…` with the S256 challenge (never the verifier).
    public var url: URL {
        var components = URLComponents(url: accountsURL.appendingPathComponent("authorize"), resolvingAgainstBaseURL: false)
            ?? URLComponents()
        components.percentEncodedQueryItems = [
            ("client_id", clientID),
            ("response_type", "code"),
            ("redirect_uri", redirectURI),
            ("state", state),
            ("scope", scopes.joined(separator: " ")),
            ("code_challenge_method", "S256"),
            ("code_challenge", pkce.challenge),
        ].map { URLQueryItem(name: $0.0, value: FormEncoding.escape($0.1)) }
        return components.url ?? accountsURL
    }
}
