import Foundation
import SpotifyClient
import SpotifyLinks

/// A show as `margin shows` lists it: the user's saved show and their notes on it.
public struct LibraryShow: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Absent for development-mode apps since 2026.
    public var publisher: String?
    public var totalEpisodes: Int?
    /// How many notes the user has on its episodes.
    public var notes: Int

    public init(id: String, name: String, publisher: String? = nil, totalEpisodes: Int? = nil, notes: Int = 0) {
        self.id = id
        self.name = name
        self.publisher = publisher
        self.totalEpisodes = totalEpisodes
        self.notes = notes
    }

    /// `https://open.spotify.com/show/ID`.
    public var link: String { SpotifyLink.show(id) }
}
