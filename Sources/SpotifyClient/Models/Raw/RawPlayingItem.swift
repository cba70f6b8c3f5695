/// The `item` of a playback reply: a track or an episode, told apart by `type`. One tolerant
/// struct covers both because the player may hold either and margin reads only a few fields.
struct RawPlayingItem: Decodable {
    var id: String?
    var uri: String?
    var name: String?
    /// `track`, `episode`, or any value Spotify adds.
    var type: String?
    var durationMs: Int?
    /// Episodes only.
    var show: RawShow?
    /// Tracks only.
    var artists: [Artist]?

    struct Artist: Decodable {
        var name: String?

        enum CodingKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .name)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, uri, name, type, show, artists
        case durationMs = "duration_ms"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id)
        uri = c.lenient(String.self, .uri)
        name = c.lenient(String.self, .name)
        type = c.lenient(String.self, .type)
        durationMs = c.lenientInt(.durationMs)
        show = c.lenient(RawShow.self, .show)
        artists = c.lenientArray(Artist.self, .artists)
    }
}
