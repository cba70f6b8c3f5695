/// Why a scenario (or a change to the player) was refused.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line saying what is wrong, e.g. `playback.id "x" is not an episode of the catalog`.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension Scenario {
    /// Checks what JSON decoding cannot: that ids name catalog items and numbers make sense.
    public func validate() throws(ScenarioError) {
        guard accessTokenLifetime > 0 else {
            throw ScenarioError("access_token_lifetime must be positive, got \(accessTokenLifetime)")
        }
        if clientSecret?.isEmpty == true { throw ScenarioError("client_secret must not be empty (null: no confidential client)") }
        try library.validate(in: catalog)
        try playback.validate(in: catalog)
        try Scenario.validate(devices: devices)
    }

    /// Device ids must be non-empty and unique.
    static func validate(devices: [Device]) throws(ScenarioError) {
        var seen = Set<String>()
        for device in devices {
            guard !device.id.isEmpty else { throw ScenarioError("a device has an empty id") }
            guard seen.insert(device.id).inserted else { throw ScenarioError("device id \"\(device.id)\" appears twice") }
        }
    }
}

extension Scenario.Playback {
    /// The id, if any, must name a catalog item of `kind`; progress must not be negative.
    func validate(in catalog: Catalog) throws(ScenarioError) {
        guard progressMs >= 0 else { throw ScenarioError("playback.progress_ms must not be negative") }
        guard let id else { return }
        switch kind {
        case .episode where catalog.episode(id) == nil:
            throw ScenarioError("playback.id \"\(id)\" is not an episode of the catalog (GET /emulator/catalog lists them)")
        case .track where catalog.track(id) == nil:
            throw ScenarioError("playback.id \"\(id)\" is not a track of the catalog (GET /emulator/catalog lists them)")
        default:
            return
        }
    }
}
