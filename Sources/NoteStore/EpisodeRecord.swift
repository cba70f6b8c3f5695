import Foundation
import GRDB

/// A row of the `episode` table: the Codable record behind ``EpisodeInfo``.
///
/// Kept apart from the public type so that GRDB stays out of NoteStore's public API, and so
/// that `fetched_at` is stored in the same text format as every other time in the file.
struct EpisodeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "episode"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var name: String?
    var showId: String?
    var showName: String?
    var durationMs: Int?
    var releaseDate: String?
    var resumePositionMs: Int?
    var fullyPlayed: Bool?
    var available: Bool
    var fetchedAt: String

    init(_ episode: EpisodeInfo) {
        id = episode.id
        name = episode.name
        showId = episode.showID
        showName = episode.showName
        durationMs = episode.durationMs
        releaseDate = episode.releaseDate
        resumePositionMs = episode.resumePositionMs
        fullyPlayed = episode.fullyPlayed
        available = episode.available
        fetchedAt = NoteTimestamp.string(from: episode.fetchedAt)
    }

    var episode: EpisodeInfo {
        EpisodeInfo(
            id: id, name: name, showID: showId, showName: showName, durationMs: durationMs,
            releaseDate: releaseDate, resumePositionMs: resumePositionMs, fullyPlayed: fullyPlayed,
            available: available,
            fetchedAt: NoteTimestamp.date(from: fetchedAt) ?? Date(timeIntervalSince1970: 0))
    }
}
