/// Everything the emulator remembers: scenario, tokens, player, faults and the request log.
///
/// One actor so that concurrent requests see a consistent account, as they would at Spotify.
actor EmulatorState {
    /// The built-in catalog plus the scenario's generated shows.
    private(set) var catalog: Catalog
    private(set) var scenario: Scenario
    var tokens = TokenStore()
    var player: Player
    /// Positions of episodes the user left, for `resume_point`.
    var resumePositions: [String: Scenario.ResumePosition] = [:]
    private(set) var faults: [Fault] = []
    private(set) var log: [LoggedRequest] = []
    /// Base of `href`s; set once the server knows its port.
    private(set) var links = Links(api: "http://127.0.0.1/v1")
    /// Set while the server shuts down, so hanging and delayed requests give up.
    private(set) var stopping = false
    static let longestClockMove = Duration.seconds(10 * 366 * 86_400)
    /// How far the control API has moved the emulator's clock past the real one.
    private(set) var clockOffset: Duration = .zero

    /// The emulator's time: the real clock plus what the control API moved it by. Playback
    /// progress, token lifetimes and code lifetimes all read it, so a test moves it instead of
    /// waiting.
    var now: ContinuousClock.Instant { ContinuousClock.now + clockOffset }

    init(scenario: Scenario) {
        self.scenario = scenario
        let catalog = scenario.catalog
        self.catalog = catalog
        self.player = Player(playback: scenario.playback, devices: scenario.devices, catalog: catalog, now: ContinuousClock.now)
        self.resumePositions = scenario.library.resumePoints
    }

    func setBaseURL(_ base: String) {
        links = Links(api: base + "/v1")
    }

    func setStopping(_ value: Bool) {
        stopping = value
    }

    /// Moves the emulator's clock ahead by `duration` (never back: time read before stays past).
    func advanceClock(by duration: Duration) throws(ScenarioError) {
        guard duration >= .zero else { throw ScenarioError("the clock only moves ahead: \(duration) is negative") }
        // Ten years in all: past that, milliseconds since 1970 and progress arithmetic overflow.
        guard clockOffset + duration <= Self.longestClockMove else {
            throw ScenarioError("the clock moves ahead by at most ten years in all")
        }
        clockOffset += duration
    }

    // MARK: Scenario and player

    /// Replaces the scenario and reloads the player from it; issued tokens stay valid.
    func apply(_ newScenario: Scenario) throws(ScenarioError) {
        try newScenario.validate()
        rememberResumePoint()
        if newScenario.library != scenario.library {
            catalog = newScenario.catalog
            resumePositions = resumePositions.filter { catalog.episode($0.key) != nil }
                .merging(newScenario.library.resumePoints) { _, new in new }
        }
        scenario = newScenario
        player = Player(playback: newScenario.playback, devices: newScenario.devices, catalog: catalog, now: now)
    }

    /// Loads `playback` into the player, keeping devices and tokens.
    func setPlayback(_ playback: Scenario.Playback) throws(ScenarioError) {
        try playback.validate(in: catalog)
        rememberResumePoint()
        player.load(playback, catalog: catalog, now: now)
        scenario.playback = playback
    }

    /// Replaces the device list (at most one stays active).
    func setDevices(_ devices: [Scenario.Device]) throws(ScenarioError) {
        try Scenario.validate(devices: devices)
        player.devices = Player.singleActive(devices)
        scenario.devices = devices
    }

    /// Changes playback and/or devices, checking both before changing either.
    func updatePlayer(playback: Scenario.Playback?, devices: [Scenario.Device]?) throws(ScenarioError) {
        try playback?.validate(in: catalog)
        if let devices { try Scenario.validate(devices: devices) }
        if let devices { try setDevices(devices) }
        if let playback { try setPlayback(playback) }
    }

    /// Changes the user's subscription; nil leaves `product` out of `/v1/me`.
    func setProduct(_ product: Scenario.Product?) {
        scenario.user.product = product
    }

    /// The scenario with the live player in place of the starting one.
    func liveScenario() -> Scenario {
        var live = scenario
        live.playback = player.playback(at: now)
        live.devices = player.devices
        return live
    }

    /// Saves where the current episode is before something else is loaded.
    func rememberResumePoint() {
        if player.kind == .episode, let id = player.itemID {
            resumePositions[id] = Scenario.ResumePosition(positionMs: player.progress(at: now))
        }
    }

    /// The `resume_point` of an episode: the live position if it is loaded, else where it was left.
    func resumePoint(for episodeID: String) -> ResumePoint {
        if player.kind == .episode, player.itemID == episodeID {
            return ResumePoint(positionMs: player.progress(at: now), fullyPlayed: false)
        }
        let saved = resumePositions[episodeID] ?? Scenario.ResumePosition(positionMs: 0)
        let duration = catalog.episode(episodeID)?.durationMs ?? 0
        return ResumePoint(positionMs: saved.positionMs, fullyPlayed: saved.fullyPlayed || duration > 0 && saved.positionMs >= duration)
    }

    // MARK: Faults and log

    func addFault(_ fault: Fault) {
        faults.append(fault)
    }

    func clearFaults() {
        faults.removeAll()
    }

    /// The first queued fault matching the request, used up by one; nil when none applies.
    func takeFault(method: String, path: String) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.matches(method: method, path: path) }) else { return nil }
        let fault = faults[index]
        faults[index].count -= 1
        if faults[index].count <= 0 { faults.remove(at: index) }
        return fault
    }

    func record(_ entry: LoggedRequest) {
        log.append(entry)
    }

    func clearLog() {
        log.removeAll()
    }
}

extension EmulatorState {
    /// Every issued access token expires now.
    func expireAccessTokens() {
        tokens.expireAll(now: now)
    }

    /// Every issued access and refresh token is revoked.
    func revokeAllTokens() {
        tokens.revokeAll()
    }
}
