import Foundation

/// Request helpers the endpoint extensions share: decode-and-map, replies that may be empty,
/// player commands, and the common query parameters.
extension SpotifyAPI {
    /// GETs `path`, decodes the raw reply and maps it into margin's model.
    ///
    /// A reply that decodes but lacks what margin strictly needs (`map` returns nil) is
    /// malformed just as much as one that is not JSON.
    func get<Raw: Decodable, Model>(_ path: String, query: [(String, String)] = [],
                                    map: (Raw) -> Model?) async throws -> Model {
        let raw: Raw = try await get(path, query: query)
        guard let model = map(raw) else { throw SpotifyError.malformedResponse(endpoint: "GET /\(path)") }
        return model
    }

    /// GETs `path` where Spotify answers 204 (or, seen in the wild, 200 with no body) for
    /// "nothing there"; returns nil then, else the decoded reply and the local time it arrived.
    func getIfPresent<Raw: Decodable>(_ path: String, query: [(String, String)] = [],
                                      deadline: ContinuousClock.Instant? = nil) async throws -> (Raw, Date)? {
        let response = try await send(method: "GET", path, query: query, deadline: deadline)
        // Stamp before decoding so the position extrapolation starts as close to the reply as we can.
        let receivedAt = now()
        if response.status == 204 || response.body.allSatisfy(Self.isJSONWhitespace) { return nil }
        return (try Self.decode(Raw.self, from: response.body, endpoint: "GET /\(path)"), receivedAt)
    }

    /// PUTs a player command. Spotify answers 204, or sometimes 200 with a body: both are success
    /// and the body is ignored.
    ///
    /// With `restrictionMeansDone`, a 403 "Restriction violated" is success too: it is how Spotify
    /// answers pausing what is already paused or resuming what already plays.
    func command(_ path: String, query: [(String, String)] = [], body: Data? = nil,
                 restrictionMeansDone: Bool = false) async throws {
        do {
            _ = try await send(method: "PUT", path, query: query, body: body)
        } catch SpotifyError.restricted where restrictionMeansDone {
            return
        }
    }

    /// `device_id` when one was given; an empty id means "the active device", like none.
    static func deviceQuery(_ deviceID: String?) -> [(String, String)] {
        guard let deviceID, !deviceID.isEmpty else { return [] }
        return [("device_id", deviceID)]
    }

    /// `market` when one was given (an ISO country code or `from_token`).
    static func marketQuery(_ market: String?) -> [(String, String)] {
        guard let market, !market.isEmpty else { return [] }
        return [("market", market)]
    }

    /// `limit` clamped to what the endpoint accepts (Spotify answers 400 outside it) and a
    /// non-negative `offset`.
    static func pagingQuery(limit: Int, offset: Int, maxLimit: Int) -> [(String, String)] {
        [("limit", String(min(max(limit, 1), maxLimit))), ("offset", String(max(offset, 0)))]
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
