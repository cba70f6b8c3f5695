/// What the emulated Spotify account looks like: the JSON of `docs/emulator.md`.
///
/// Every key is optional in JSON; a missing key takes the default shown in the doc.
/// Load one from a file with `JSONDecoder`, or build one in code for an in-process test.
public struct Scenario: Codable, Sendable, Equatable {
    /// The only client id accepted, or `nil` to accept any.
    public var clientID: String?
    /// The app's client secret, which makes it a confidential client: `/api/token` then takes
    /// HTTP Basic client credentials, and `/authorize` may leave PKCE out. `nil`: PKCE only.
    public var clientSecret: String?
    /// Whether a refresh hands out a new refresh token (and revokes the old one).
    public var refreshMode: RefreshMode
    /// Seconds an access token lives (`expires_in`).
    public var accessTokenLifetime: Int
    /// What the "user" answers on the consent page.
    public var authorize: AuthorizeMode
    /// The signed-in user.
    public var user: User
    /// The Spotify Connect devices the user has.
    public var devices: [Device]
    /// What is playing when the emulator starts (or when this scenario is applied).
    public var playback: Playback
    /// Generated shows, resume points, unavailable episodes, batch look-ups.
    public var library: Library

    /// A scenario; every parameter defaults to the value in `docs/emulator.md`.
    public init(
        clientID: String? = nil,
        clientSecret: String? = nil,
        refreshMode: RefreshMode = .nonRotating,
        accessTokenLifetime: Int = 3600,
        authorize: AuthorizeMode = .approve,
        user: User = User(),
        devices: [Device] = [Device.kitchenSpeaker],
        playback: Playback = Playback(),
        library: Library = Library()
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.refreshMode = refreshMode
        self.accessTokenLifetime = accessTokenLifetime
        self.authorize = authorize
        self.user = user
        self.devices = devices
        self.playback = playback
        self.library = library
    }

    /// The catalog this scenario's account sees: the built-in one plus generated shows.
    var catalog: Catalog {
        Catalog.builtIn.adding(generatedShows: library.generatedShows, episodesPerShow: library.episodesPerShow)
    }

    /// How `/api/token` treats refresh tokens.
    public enum RefreshMode: String, Codable, Sendable {
        /// 2026 behaviour: a refresh reply carries no `refresh_token`; the old one stays valid.
        case nonRotating = "non-rotating"
        /// Older behaviour: each refresh returns a new refresh token and revokes the old one.
        case rotating
    }

    /// The answer the emulated user gives on the consent page.
    public enum AuthorizeMode: String, Codable, Sendable {
        /// Redirect back with `code` and `state`.
        case approve
        /// Redirect back with `error=access_denied` and `state`.
        case deny
    }

    /// A Spotify subscription level.
    public enum Product: String, Codable, Sendable {
        case premium
        case free
    }
}
