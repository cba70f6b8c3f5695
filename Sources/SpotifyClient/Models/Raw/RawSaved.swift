/// An item of `GET /me/shows`: `{added_at, show}`.
struct RawSavedShow: Decodable {
    var addedAt: String?
    var show: RawShow?

    enum CodingKeys: String, CodingKey {
        case show
        case addedAt = "added_at"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        addedAt = c.lenient(String.self, .addedAt)
        show = c.lenient(RawShow.self, .show)
    }
}

/// An item of `GET /me/episodes`: `{added_at, episode}` with a full episode.
struct RawSavedEpisode: Decodable {
    var addedAt: String?
    var episode: RawEpisode?

    enum CodingKeys: String, CodingKey {
        case episode
        case addedAt = "added_at"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        addedAt = c.lenient(String.self, .addedAt)
        episode = c.lenient(RawEpisode.self, .episode)
    }
}
