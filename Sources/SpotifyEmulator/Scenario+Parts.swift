/// The nested parts of a scenario: user, devices and playback.
extension Scenario {
    /// The signed-in user as `/v1/me` reports them.
    public struct User: Codable, Sendable, Equatable {
        public var id: String
        public var displayName: String
        /// `nil` leaves `product` out of `/v1/me`, as for development-mode apps.
        public var product: Product?

        public init(id: String = "margin-listener", displayName: String = "Margin Listener", product: Product? = .premium) {
            self.id = id
            self.displayName = displayName
            self.product = product
        }
    }

    /// A Spotify Connect device.
    public struct Device: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// An open set in real Spotify ("Computer", "Speaker", "AudioDongle", …).
        public var type: String
        public var isActive: Bool
        public var volumePercent: Int?

        public init(id: String, name: String, type: String = "Computer", isActive: Bool = false, volumePercent: Int? = 100) {
            self.id = id
            self.name = name
            self.type = type
            self.isActive = isActive
            self.volumePercent = volumePercent
        }

        /// The default scenario's one device, active.
        public static let kitchenSpeaker = Device(
            id: "a1b2c3d4e5f6", name: "Kitchen speaker", type: "Speaker", isActive: true, volumePercent: 60
        )
    }

    /// What is loaded in the player.
    public struct Playback: Codable, Sendable, Equatable {
        public var kind: Kind
        /// A catalog id of `kind`; `nil` picks the default item of that kind.
        public var id: String?
        public var progressMs: Int
        public var isPlaying: Bool

        /// Playback with the doc's defaults: no `id` means the default episode for an episode
        /// (the first track for a track); no `progressMs` means 754000 for the default episode
        /// and 0 otherwise; no `isPlaying` means playing unless `kind` is `.none`.
        public init(kind: Kind = .episode, id: String? = nil, progressMs: Int? = nil, isPlaying: Bool? = nil) {
            self.kind = kind
            self.id = id ?? (kind == .episode ? Playback.defaultEpisodeID : nil)
            self.progressMs = progressMs ?? (kind == .episode && self.id == Playback.defaultEpisodeID ? 754_000 : 0)
            self.isPlaying = isPlaying ?? (kind != .none)
        }

        /// "Ep. 42 — Naming things" of "Craft, Code & Curiosity".
        public static let defaultEpisodeID = "512ojhOuo1ktJprKbVcKyQ"

        /// Nothing playing: currently-playing answers 204.
        public static let nothing = Playback(kind: .none)

        /// The kind of item in the player.
        public enum Kind: String, Codable, Sendable {
            case episode
            case track
            case ad
            case none
        }
    }
}
