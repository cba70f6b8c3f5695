/// The body of `PUT /emulator/player`: any of `playback`, `devices` and `user.product`.
struct PlayerUpdate: Decodable, Sendable {
    var playback: Scenario.Playback?
    var devices: [Scenario.Device]?
    /// Outer nil: leave the product alone; inner nil: omit `product` from `/v1/me`.
    var product: Scenario.Product??

    enum CodingKeys: String, CodingKey {
        case playback, devices, user
    }

    enum UserKeys: String, CodingKey {
        case product
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        playback = try c.decodeIfPresent(Scenario.Playback.self, forKey: .playback)
        devices = try c.decodeIfPresent([Scenario.Device].self, forKey: .devices)
        if c.contains(.user) {
            let user = try c.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
            if user.contains(.product) {
                product = .some(try user.decodeIfPresent(Scenario.Product.self, forKey: .product))
            }
        }
    }

    /// Applies the parts present, checking all of them before changing anything.
    func apply(to state: EmulatorState) async throws(ScenarioError) {
        try await state.updatePlayer(playback: playback, devices: devices)
        if let product { await state.setProduct(product) }
    }
}
