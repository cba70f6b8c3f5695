/// One page of a longer list, with what is needed to ask for the next.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Spotify's count of all items (approximate for search).
    public var total: Int
    public var offset: Int
    public var limit: Int
    /// True when asking again at `offset + limit` would return more.
    public var hasMore: Bool

    public init(items: [Item], total: Int, offset: Int, limit: Int, hasMore: Bool) {
        self.items = items
        self.total = total
        self.offset = offset
        self.limit = limit
        self.hasMore = hasMore
    }
}

extension Page: Equatable where Item: Equatable {}

extension Page {
    /// Maps a raw page, dropping items that lack what margin needs. Missing numbers fall back to
    /// what was asked for.
    init<Raw>(_ raw: RawPage<Raw>, offset requestedOffset: Int, limit requestedLimit: Int, map: (Raw) -> Item?) {
        let offset = raw.offset ?? requestedOffset
        // Saturating: a reply (or caller) may put `offset` near Int.max, which must not trap.
        let (sum, overflow) = offset.addingReportingOverflow(raw.rawCount)
        let end = overflow ? Int.max : sum
        let total = raw.total ?? end
        // Trust `next` when Spotify sent the key: search totals run past the last reachable page.
        let hasMore = raw.hasNextKey ? raw.next != nil : end < total
        self.init(items: raw.items.compactMap(map), total: total, offset: offset,
                  limit: raw.limit ?? requestedLimit, hasMore: hasMore)
    }
}
