/// A Spotify Connect device the user can play on.
///
/// Encodes with Spotify's snake_case keys (`is_active`, `volume_percent`, …), which is what
/// `margin devices --json` prints.
public struct Device: Sendable, Equatable, Codable {
    /// Nil for devices Spotify will not let a client target.
    public var id: String?
    public var name: String
    /// An open set: `Computer`, `Smartphone`, `Speaker`, `AudioDongle`, …
    public var type: String
    public var isActive: Bool
    /// True when the Web API cannot control this device.
    public var isRestricted: Bool
    public var volumePercent: Int?

    public init(id: String?, name: String, type: String, isActive: Bool, isRestricted: Bool = false, volumePercent: Int? = nil) {
        self.id = id
        self.name = name
        self.type = type
        self.isActive = isActive
        self.isRestricted = isRestricted
        self.volumePercent = volumePercent
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type
        case isActive = "is_active"
        case isRestricted = "is_restricted"
        case volumePercent = "volume_percent"
    }

    /// Writes every key, `null` included, so scripts reading `--json` see one stable shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(isActive, forKey: .isActive)
        try c.encode(isRestricted, forKey: .isRestricted)
        try c.encode(volumePercent, forKey: .volumePercent)
    }

    /// Tolerant mapping: a device without a name or type is still listed, with placeholders.
    init(_ raw: RawDevice) {
        self.init(id: raw.id, name: raw.name ?? "", type: raw.type ?? "Unknown",
                  isActive: raw.isActive ?? false, isRestricted: raw.isRestricted ?? false,
                  volumePercent: raw.volumePercent)
    }
}
