import Foundation
import GRDB

/// What margin remembers about a show it has seen on Spotify.
public struct ShowInfo: Sendable, Equatable {
    public var id: String
    public var name: String?
    /// Absent for development-mode apps since 2026.
    public var publisher: String?
    public var totalEpisodes: Int?
    /// When this was fetched, with millisecond precision once stored.
    public var fetchedAt: Date

    public init(id: String, name: String? = nil, publisher: String? = nil, totalEpisodes: Int? = nil, fetchedAt: Date = Date()) {
        self.id = id
        self.name = name
        self.publisher = publisher
        self.totalEpisodes = totalEpisodes
        self.fetchedAt = NoteTimestamp.rounded(fetchedAt)
    }
}

/// A row of the `show` table.
struct ShowRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "show"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var name: String?
    var publisher: String?
    var totalEpisodes: Int?
    var fetchedAt: String

    init(_ show: ShowInfo) {
        id = show.id
        name = show.name
        publisher = show.publisher
        totalEpisodes = show.totalEpisodes
        fetchedAt = NoteTimestamp.string(from: show.fetchedAt)
    }

    var show: ShowInfo {
        ShowInfo(id: id, name: name, publisher: publisher, totalEpisodes: totalEpisodes,
                 fetchedAt: NoteTimestamp.date(from: fetchedAt) ?? Date(timeIntervalSince1970: 0))
    }
}
