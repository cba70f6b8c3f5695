/// `GET /search`: one paging object per requested type, keyed by the plural (`episodes`, `shows`).
/// A type that was not asked for is absent; a page that does not decode reads as absent too.
struct RawSearch: Decodable {
    var episodes: RawPage<RawEpisode>?
    var shows: RawPage<RawShow>?

    enum CodingKeys: String, CodingKey { case episodes, shows }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        episodes = c.lenient(RawPage<RawEpisode>.self, .episodes)
        shows = c.lenient(RawPage<RawShow>.self, .shows)
    }
}
