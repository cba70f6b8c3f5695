/// Spotify's paging object: `{href, items, limit, next, offset, previous, total}`.
///
/// `items` is the one field required: without it the reply is not a page at all. Null items
/// (search has them) are dropped, but counted in ``rawCount`` for paging arithmetic.
struct RawPage<Item: Decodable>: Decodable {
    var items: [Item]
    var rawCount: Int
    var total: Int?
    var offset: Int?
    var limit: Int?
    /// True when the reply had a `next` key at all, so a null there can be trusted.
    var hasNextKey: Bool
    var next: String?

    enum CodingKeys: String, CodingKey {
        case items, total, offset, limit, next
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let elements = try c.decode([Lossy<Item>].self, forKey: .items)
        items = elements.compactMap(\.value)
        rawCount = elements.count
        total = c.lenientInt(.total)
        offset = c.lenientInt(.offset)
        limit = c.lenientInt(.limit)
        hasNextKey = c.contains(.next)
        next = c.lenient(String.self, .next)
    }
}
