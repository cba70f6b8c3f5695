/// Authorization codes, access tokens and refresh tokens the emulator has issued.
struct TokenStore: Sendable {
    /// What `/authorize` recorded for a code, so `/api/token` can check the exchange.
    struct Code: Sendable {
        var clientID: String
        var redirectURI: String
        /// nil when a confidential client left PKCE out: the exchange then needs its secret.
        var challenge: String?
        var scope: String
        var issued: ContinuousClock.Instant
    }

    struct Access: Sendable {
        var scope: String
        var expires: ContinuousClock.Instant
        var revoked = false
    }

    struct Refresh: Sendable {
        var clientID: String
        var scope: String
        /// Issued to a client that authenticated with its secret; refreshing it needs the secret too.
        var confidential = false
        var revoked = false
    }

    /// Spotify's codes live 10 minutes.
    static let codeLifetime = Duration.seconds(600)

    var codes: [String: Code] = [:]
    var access: [String: Access] = [:]
    var refresh: [String: Refresh] = [:]
    /// Every secret value issued or presented, oldest first (for `GET /emulator/secrets`).
    private(set) var secrets: [String] = []
    private var known: Set<String> = []

    /// Notes a secret value so tests can check that it never leaks.
    mutating func remember(_ secret: String) {
        guard !secret.isEmpty, known.insert(secret).inserted else { return }
        secrets.append(secret)
    }

    mutating func issueCode(_ code: Code) -> String {
        let value = "AQ" + Base62.random(126)
        codes[value] = code
        remember(value)
        return value
    }

    mutating func issueAccess(scope: String, lifetime: Int, now: ContinuousClock.Instant) -> String {
        let value = "BQ" + Base62.random(56)
        access[value] = Access(scope: scope, expires: now + .seconds(lifetime))
        remember(value)
        return value
    }

    mutating func issueRefresh(clientID: String, scope: String, confidential: Bool) -> String {
        let value = "AQ" + Base62.random(128)
        refresh[value] = Refresh(clientID: clientID, scope: scope, confidential: confidential)
        remember(value)
        return value
    }

    /// Every access token expires at `now`.
    mutating func expireAll(now: ContinuousClock.Instant) {
        for key in access.keys { access[key]?.expires = now }
    }

    /// Every access and refresh token is revoked.
    mutating func revokeAll() {
        for key in access.keys { access[key]?.revoked = true }
        for key in refresh.keys { refresh[key]?.revoked = true }
    }
}
