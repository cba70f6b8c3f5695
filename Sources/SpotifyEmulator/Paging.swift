/// Spotify's paging object: `{href, items, limit, next, offset, previous, total}`.
struct Paging: Sendable {
    var limit: Int
    var offset: Int

    /// The page of `all` selected by `offset` and `limit`, with `href`, `next` and `previous`
    /// built by `url(offset, limit)`.
    func json(_ all: [JSON], url: (Int, Int) -> String) -> JSON {
        let start = min(offset, all.count)
        let end = min(start + limit, all.count)
        let next: JSON = end < all.count ? .string(url(end, limit)) : .null
        let previous: JSON = offset > 0 ? .string(url(max(0, offset - limit), limit)) : .null
        return [
            "href": .string(url(offset, limit)),
            "items": .array(Array(all[start..<end])),
            "limit": .int(limit),
            "next": next,
            "offset": .int(offset),
            "previous": previous,
            "total": .int(all.count),
        ]
    }

    /// Reads `limit` and `offset` from a query, refusing what Spotify refuses
    /// (400 "Invalid limit" / "Invalid offset").
    static func from(_ query: FormFields, defaultLimit: Int, maxLimit: Int) throws(Failure) -> Paging {
        var limit = defaultLimit
        if let raw = query["limit"] {
            guard let value = Int(raw), (1...maxLimit).contains(value) else {
                throw .api(status: 400, message: "Invalid limit")
            }
            limit = value
        }
        var offset = 0
        if let raw = query["offset"] {
            guard let value = Int(raw), value >= 0 else { throw .api(status: 400, message: "Invalid offset") }
            offset = value
        }
        return Paging(limit: limit, offset: offset)
    }
}
