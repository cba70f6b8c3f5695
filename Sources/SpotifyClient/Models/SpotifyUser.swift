import Foundation

/// `GET /me`. In development-mode apps `product`, `country` and `email` may be absent.
public struct SpotifyUser: Decodable, Sendable, Equatable {
    public var id: String
    public var displayName: String?
    /// `premium`, `free`, `open`, or any value Spotify adds; nil when not reported.
    public var product: String?
    public var country: String?
    public var uri: String?

    enum CodingKeys: String, CodingKey {
        case id, product, country, uri
        case displayName = "display_name"
    }
}
