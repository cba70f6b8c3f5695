/// `GET /me/player/currently-playing` and `GET /me/player` (which adds `device` and modes).
///
/// `progress_ms` may be null; `currently_playing_type` (`track`, `episode`, `ad`, `unknown`)
/// and `context.type` are open sets kept as text.
struct RawPlayback: Decodable {
    var timestamp: Int?
    var progressMs: Int?
    var isPlaying: Bool?
    var item: RawPlayingItem?
    var currentlyPlayingType: String?
    var context: Context?
    var device: RawDevice?

    /// What the item plays from: a show, playlist, album, `collectionyourepisodes`, …
    struct Context: Decodable {
        var type: String?
        var uri: String?

        enum CodingKeys: String, CodingKey { case type, uri }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = c.lenient(String.self, .type)
            uri = c.lenient(String.self, .uri)
        }
    }

    enum CodingKeys: String, CodingKey {
        case timestamp, item, context, device
        case progressMs = "progress_ms"
        case isPlaying = "is_playing"
        case currentlyPlayingType = "currently_playing_type"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        timestamp = c.lenientInt(.timestamp)
        progressMs = c.lenientInt(.progressMs)
        isPlaying = c.lenient(Bool.self, .isPlaying)
        item = c.lenient(RawPlayingItem.self, .item)
        currentlyPlayingType = c.lenient(String.self, .currentlyPlayingType)
        context = c.lenient(Context.self, .context)
        device = c.lenient(RawDevice.self, .device)
    }
}
