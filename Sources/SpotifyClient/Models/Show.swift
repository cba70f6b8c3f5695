/// A podcast show in margin's terms.
public struct Show: Sendable, Equatable {
    public var id: String
    /// `spotify:show:ID`.
    public var uri: String
    public var name: String
    /// Absent for development-mode apps since 2026.
    public var publisher: String?
    public var description: String?
    public var totalEpisodes: Int?

    public init(id: String, uri: String? = nil, name: String, publisher: String? = nil,
                description: String? = nil, totalEpisodes: Int? = nil) {
        self.id = id
        self.uri = uri ?? "spotify:show:\(id)"
        self.name = name
        self.publisher = publisher
        self.description = description
        self.totalEpisodes = totalEpisodes
    }
}

extension Show {
    /// Maps a raw show; nil without an `id`.
    init?(_ raw: RawShow) {
        guard let id = raw.id, !id.isEmpty else { return nil }
        self.init(id: id, uri: raw.uri, name: raw.name ?? "", publisher: raw.publisher,
                  description: raw.description, totalEpisodes: raw.totalEpisodes)
    }
}
