import Foundation
import Logging

/// Where margin talks to and how long it waits; real Spotify unless the environment says otherwise.
public struct SpotifyEndpoints: Sendable {
    public var accountsURL: URL
    public var apiURL: URL
    /// Per-request deadline (`MARGIN_TIMEOUT`).
    public var timeout: Duration
    /// The CAs HTTPS connections trust (`SSL_CERT_FILE`, `SSL_CERT_DIR`).
    public var trust: TrustRoots

    public static let spotifyAccounts = "https://accounts.spotify.com"
    public static let spotifyAPI = "https://api.spotify.com/v1"

    public init(accountsURL: URL, apiURL: URL, timeout: Duration = .seconds(10), trust: TrustRoots = .system) {
        self.accountsURL = accountsURL
        self.apiURL = apiURL
        self.timeout = timeout
        self.trust = trust
    }
}

/// The assembled client: transport, retries, token provider and the Web API on top.
public struct SpotifyConnection: Sendable {
    public let accounts: AccountsClient
    public let tokens: TokenProvider
    public let api: SpotifyAPI

    public init(endpoints: SpotifyEndpoints, store: CredentialStore, logger: Logger = Logger(label: "margin"),
                base: (any HTTPTransport)? = nil) {
        let retrying = RetryingTransport(base: base ?? CurlTransport(timeout: endpoints.timeout, trust: endpoints.trust), logger: logger)
        accounts = AccountsClient(baseURL: endpoints.accountsURL, transport: retrying)
        tokens = TokenProvider(store: store, accounts: accounts, logger: logger)
        api = SpotifyAPI(baseURL: endpoints.apiURL, transport: AuthorizingTransport(base: retrying, tokens: tokens))
    }

    /// The token service at `url`, reached through the same transport and retries.
    public func tokenService(_ url: URL) -> TokenServiceClient {
        TokenServiceClient(baseURL: url, transport: accounts.transport)
    }
}
