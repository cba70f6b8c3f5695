/// JSON coding of a scenario: snake_case keys, every key optional, explicit `null`s kept.
///
/// `client_id: null` and `user.product: null` mean something (accept any client, omit
/// `product`), so decoding tells a missing key (use the default) from a `null` one.
extension Scenario {
    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case clientSecret = "client_secret"
        case refreshMode = "refresh_mode"
        case accessTokenLifetime = "access_token_lifetime"
        case authorize, user, devices, playback, library
    }

    public init(from decoder: any Decoder) throws {
        let defaults = Scenario()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try c.decodeIfPresent(String.self, forKey: .clientID)
        clientSecret = try c.decodeIfPresent(String.self, forKey: .clientSecret)
        refreshMode = try c.decodeIfPresent(RefreshMode.self, forKey: .refreshMode) ?? defaults.refreshMode
        accessTokenLifetime = try c.decodeIfPresent(Int.self, forKey: .accessTokenLifetime) ?? defaults.accessTokenLifetime
        authorize = try c.decodeIfPresent(AuthorizeMode.self, forKey: .authorize) ?? defaults.authorize
        user = try c.decodeIfPresent(User.self, forKey: .user) ?? defaults.user
        devices = try c.decodeIfPresent([Device].self, forKey: .devices) ?? defaults.devices
        playback = try c.decodeIfPresent(Playback.self, forKey: .playback) ?? defaults.playback
        library = try c.decodeIfPresent(Library.self, forKey: .library) ?? defaults.library
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let clientID { try c.encode(clientID, forKey: .clientID) } else { try c.encodeNil(forKey: .clientID) }
        if let clientSecret { try c.encode(clientSecret, forKey: .clientSecret) } else { try c.encodeNil(forKey: .clientSecret) }
        try c.encode(refreshMode, forKey: .refreshMode)
        try c.encode(accessTokenLifetime, forKey: .accessTokenLifetime)
        try c.encode(authorize, forKey: .authorize)
        try c.encode(user, forKey: .user)
        try c.encode(devices, forKey: .devices)
        try c.encode(playback, forKey: .playback)
        try c.encode(library, forKey: .library)
    }
}

extension Scenario.User {
    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
        case product
    }

    public init(from decoder: any Decoder) throws {
        let defaults = Scenario.User()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id) ?? defaults.id
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? defaults.displayName
        // A present `null` omits `product`; a missing key keeps the default.
        product = c.contains(.product)
            ? try c.decodeIfPresent(Scenario.Product.self, forKey: .product)
            : defaults.product
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(displayName, forKey: .displayName)
        if let product { try c.encode(product, forKey: .product) } else { try c.encodeNil(forKey: .product) }
    }
}

extension Scenario.Device {
    enum CodingKeys: String, CodingKey {
        case id, name, type
        case isActive = "is_active"
        case volumePercent = "volume_percent"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? id
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "Computer"
        isActive = try c.decodeIfPresent(Bool.self, forKey: .isActive) ?? false
        volumePercent = c.contains(.volumePercent)
            ? try c.decodeIfPresent(Int.self, forKey: .volumePercent)
            : 100
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(isActive, forKey: .isActive)
        if let volumePercent { try c.encode(volumePercent, forKey: .volumePercent) } else { try c.encodeNil(forKey: .volumePercent) }
    }
}

extension Scenario.Playback {
    enum CodingKeys: String, CodingKey {
        case kind, id
        case progressMs = "progress_ms"
        case isPlaying = "is_playing"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .episode
        // Missing keys take the defaults of `init`; an explicit `"id": null` also means
        // "the default item of that kind".
        self.init(
            kind: kind,
            id: try c.decodeIfPresent(String.self, forKey: .id),
            progressMs: try c.decodeIfPresent(Int.self, forKey: .progressMs),
            isPlaying: try c.decodeIfPresent(Bool.self, forKey: .isPlaying)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        try c.encode(progressMs, forKey: .progressMs)
        try c.encode(isPlaying, forKey: .isPlaying)
    }
}
