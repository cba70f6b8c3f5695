/// A show, full or simplified. Dev-mode apps lose `publisher` (2026), so it is optional like
/// everything but `id`, which the mapping requires.
struct RawShow: Decodable {
    var id: String?
    var uri: String?
    var name: String?
    var publisher: String?
    var description: String?
    var totalEpisodes: Int?

    enum CodingKeys: String, CodingKey {
        case id, uri, name, publisher, description
        case totalEpisodes = "total_episodes"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id)
        uri = c.lenient(String.self, .uri)
        name = c.lenient(String.self, .name)
        publisher = c.lenient(String.self, .publisher)
        description = c.lenient(String.self, .description)
        totalEpisodes = c.lenientInt(.totalEpisodes)
    }
}
