import Foundation

/// What a login leaves behind: the tokens, when the access token expires, and for which app.
///
/// Stored as `credentials.json` (0600 in a 0700 directory). Never printed.
public struct Credentials: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var expiresAt: Date
    /// Granted scopes, space-separated as Spotify sends them.
    public var scope: String
    /// The client ID the tokens belong to; refreshes must use the same one.
    public var clientID: String
    /// The token service the login went through (its `/refresh` then refreshes, and
    /// `refreshToken` is the service's sealed token); nil for a direct PKCE login.
    public var tokenService: URL?
    /// True when the user allowed plain `http://` to a `tokenService` on another machine
    /// (`margin login --insecure-token-service`); refreshes refuse such a URL otherwise
    /// (``ClearTextPolicy``). Absent from the file unless set.
    public var clearTextAllowed: Bool?

    public init(accessToken: String, refreshToken: String, expiresAt: Date, scope: String, clientID: String,
                tokenService: URL? = nil, clearTextAllowed: Bool? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.clientID = clientID
        self.tokenService = tokenService
        self.clearTextAllowed = clearTextAllowed
    }

    /// The granted scopes as a list.
    public var scopes: [String] { scope.split(separator: " ").map(String.init) }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
        case scope
        case clientID = "client_id"
        case tokenService = "token_service"
        case clearTextAllowed = "token_service_insecure"
    }

    /// Applies a refresh reply: a missing `refresh_token` keeps the old one (2026 behaviour).
    public func refreshed(with reply: TokenReply, at now: Date) -> Credentials {
        var next = self
        next.accessToken = reply.accessToken
        next.expiresAt = now.addingTimeInterval(TimeInterval(reply.expiresIn))
        if let rotated = reply.refreshToken, !rotated.isEmpty { next.refreshToken = rotated }
        if let scope = reply.scope, !scope.isEmpty { next.scope = scope }
        return next
    }
}

/// The token endpoint's success reply.
public struct TokenReply: Decodable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String?
    public var scope: String?
    public var expiresIn: Int
    public var refreshToken: String?

    /// A token endpoint's 2xx body, or nil when it is not one (no access token).
    public static func decode(_ body: Data) -> TokenReply? {
        guard let reply = try? JSONDecoder().decode(TokenReply.self, from: body), !reply.accessToken.isEmpty else { return nil }
        return reply
    }

    public init(accessToken: String, tokenType: String? = "Bearer", scope: String? = nil, expiresIn: Int, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.scope = scope
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case scope
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
    }
}

extension JSONEncoder {
    /// ISO 8601 dates, sorted keys: the on-disk form of margin's small JSON files.
    static let margin: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }()
}

extension JSONDecoder {
    static let margin: JSONDecoder = {
        let decoder = JSONDecoder()
        // What `.iso8601` reads, with a fast path for the form margin writes.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = UTCTimestamp.date(from: text) ?? (try? Date.ISO8601FormatStyle().parse(text)) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
        }
        return decoder
    }()
}
