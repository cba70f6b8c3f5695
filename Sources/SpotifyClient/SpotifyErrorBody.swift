import Foundation

/// Spotify's Web API error body: `{"error":{"status":N,"message":"…","reason":"…"}}`.
struct SpotifyErrorBody: Decodable, Sendable {
    struct Detail: Decodable, Sendable {
        var status: Int?
        var message: String?
        var reason: String?
    }
    var error: Detail

    /// Decodes `data`, or nil when it is not this shape.
    static func decode(_ data: Data) -> Detail? {
        try? JSONDecoder().decode(SpotifyErrorBody.self, from: data).error
    }
}

/// The accounts service's flat OAuth error: `{"error":"invalid_grant","error_description":"…"}`.
public struct OAuthErrorBody: Decodable, Sendable {
    public var error: String
    public var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }

    public static func decode(_ data: Data) -> OAuthErrorBody? {
        try? JSONDecoder().decode(OAuthErrorBody.self, from: data)
    }
}
