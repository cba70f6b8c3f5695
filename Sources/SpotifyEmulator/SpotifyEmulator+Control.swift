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

    /// Queues a fault (`POST /emulator/faults`).
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

    /// Loads new playback, keeping devices and tokens (`PUT /emulator/player` with `playback`).
    public func setPlayback(_ playback: Scenario.Playback) async throws(ScenarioError) {
        try await state.setPlayback(playback)
    }

    /// Replaces the devices (`PUT /emulator/player` with `devices`).
    public func setDevices(_ devices: [Scenario.Device]) async throws(ScenarioError) {
        try await state.setDevices(devices)
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

    /// The built-in catalog's ids (`GET /emulator/catalog`).
    public nonisolated var catalog: CatalogSummary { .builtIn }
}
