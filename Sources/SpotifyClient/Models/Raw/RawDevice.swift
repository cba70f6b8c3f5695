/// A Spotify Connect device. `type` is an open set ("Computer", "Speaker", "AudioDongle", …)
/// and `id` may be null for devices that cannot be targeted.
struct RawDevice: Decodable {
    var id: String?
    var name: String?
    var type: String?
    var isActive: Bool?
    var isRestricted: Bool?
    var volumePercent: Int?

    enum CodingKeys: String, CodingKey {
        case id, name, type
        case isActive = "is_active"
        case isRestricted = "is_restricted"
        case volumePercent = "volume_percent"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id)
        name = c.lenient(String.self, .name)
        type = c.lenient(String.self, .type)
        isActive = c.lenient(Bool.self, .isActive)
        isRestricted = c.lenient(Bool.self, .isRestricted)
        volumePercent = c.lenientInt(.volumePercent)
    }
}

/// `GET /me/player/devices`: `{"devices":[…]}`; the list itself is required.
struct RawDeviceList: Decodable {
    var devices: [RawDevice]

    enum CodingKeys: String, CodingKey { case devices }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        devices = try c.decode([Lossy<RawDevice>].self, forKey: .devices).compactMap(\.value)
    }
}
