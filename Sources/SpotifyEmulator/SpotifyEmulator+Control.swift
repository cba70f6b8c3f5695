/// In-process versions of the control API, for tests that hold the emulator itself.
extension SpotifyEmulator {
    /// The request log, oldest first (`GET /emulator/requests`).
    public func requestLog() async -> [LoggedRequest] {
        await state.log
    }

    /// Empties the request log (`DELETE /emulator/requests`).
    public func clearRequestLog() async {
        await state.clearLog()
    }

    /// Queues a fault (`POST /emulator/faults`); refuses one that cannot be carried out
    /// (a `status` fault without a status, `count` below 1, a negative delay).
    public func addFault(_ fault: Fault) async throws(ScenarioError) {
        try fault.validate()
        await state.addFault(fault)
    }

    /// Drops all queued faults (`DELETE /emulator/faults`).
    public func clearFaults() async {
        await state.clearFaults()
    }

    /// Every issued access token expires now (`POST /emulator/expire`).
    public func expireAccessTokens() async {
        await state.expireAccessTokens()
    }

    /// Moves the emulator's clock ahead (`POST /emulator/clock`): playback progresses, tokens
    /// and codes expire as if that much time had passed. A negative duration is refused.
    public func advanceClock(by duration: Duration) async throws(ScenarioError) {
        try await state.advanceClock(by: duration)
    }

    /// Every issued access and refresh token is revoked (`POST /emulator/revoke`).
    public func revokeAll() async {
        await state.revokeAllTokens()
    }

    /// Every token, code and verifier issued or seen (`GET /emulator/secrets`).
    public func secrets() async -> [String] {
        await state.tokens.secrets
    }

    /// Replaces the scenario; issued tokens stay valid (`PUT /emulator/scenario`).
    public func setScenario(_ scenario: Scenario) async throws(ScenarioError) {
        try await state.apply(scenario)
    }

    /// Changes what plays and/or the devices, keeping everything else (`PUT /emulator/player`).
    /// Both are checked before either changes.
    public func setPlayer(playback: Scenario.Playback? = nil, devices: [Scenario.Device]? = nil) async throws(ScenarioError) {
        try await state.updatePlayer(playback: playback, devices: devices)
    }

    /// Loads new playback, keeping devices and tokens: `setPlayer(playback:)`.
    public func setPlayback(_ playback: Scenario.Playback) async throws(ScenarioError) {
        try await setPlayer(playback: playback)
    }

    /// Replaces the devices (an empty list: no active device): `setPlayer(devices:)`.
    public func setDevices(_ devices: [Scenario.Device]) async throws(ScenarioError) {
        try await setPlayer(devices: devices)
    }

    /// Changes the subscription; nil omits `product` from `/v1/me`
    /// (`PUT /emulator/player` with `user.product`).
    public func setProduct(_ product: Scenario.Product?) async {
        await state.setProduct(product)
    }

    /// The scenario with the live player (`GET /emulator/state`).
    public func currentState() async -> Scenario {
        await state.liveScenario()
    }

    /// The built-in catalog's ids.
    public nonisolated var catalog: CatalogSummary { .builtIn }

    /// The catalog the current scenario serves, generated shows included (`GET /emulator/catalog`).
    public func currentCatalog() async -> CatalogSummary {
        CatalogSummary(await state.catalog)
    }
}
