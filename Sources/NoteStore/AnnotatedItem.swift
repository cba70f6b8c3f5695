import Foundation

/// An episode (or a show) the user has notes on, with what the notes know of it.
public struct AnnotatedItem: Sendable, Equatable {
    /// The episode's (or show's) base62 id.
    public var id: String
    /// The name the newest note recorded, if any.
    public var name: String?
    /// The show, for an episode.
    public var showID: String?
    public var showName: String?
    /// The episode's length as the newest note recorded it.
    public var durationMs: Int?
    /// How many notes are pinned to it.
    public var notes: Int
    /// When the first and the newest of those notes were taken.
    public var firstNoteAt: Date
    public var lastNoteAt: Date

    public init(id: String, name: String? = nil, showID: String? = nil, showName: String? = nil, durationMs: Int? = nil,
                notes: Int, firstNoteAt: Date, lastNoteAt: Date) {
        self.id = id
        self.name = name
        self.showID = showID
        self.showName = showName
        self.durationMs = durationMs
        self.notes = notes
        self.firstNoteAt = firstNoteAt
        self.lastNoteAt = lastNoteAt
    }
}
