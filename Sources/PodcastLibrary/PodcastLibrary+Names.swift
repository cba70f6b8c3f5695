import Foundation
import NoteStore
import SpotifyClient

/// An episode's name for a line that names it ("Playing Ep. 42 — Naming things from 12:34."),
/// from what margin already knows where it can.
extension PodcastLibrary {
    /// The name margin knows without asking Spotify: the cache's (what Spotify said last, of
    /// any age: a name does not go out of date as a resume point does), else `known` (a
    /// note's pin), else the name a note on the episode carries. Nil when none has one.
    public func knownEpisodeName(_ id: String, known: String? = nil) throws(NoteStoreError) -> String? {
        if let name = try store.episode(id: id)?.name { return name }
        if let known { return known }
        return try store.episodeName(id: id)
    }

    /// The show's name margin knows without asking Spotify: the cache's, else the newest note's.
    public func knownShowName(_ id: String) throws(NoteStoreError) -> String? {
        if let name = try store.show(id: id)?.name { return name }
        return try store.showName(id: id)
    }

    /// The episode's name: ``knownEpisodeName(_:known:)``, else asked of Spotify in one request
    /// (``episode(_:)``: the answer is cached and fills the notes' missing names).
    ///
    /// Throws `SpotifyError.notFound` for an episode Spotify does not have, and the failures
    /// that mean Spotify cannot be asked now (``isOffline(_:)``): a request to play it would
    /// meet them too. Any other refusal leaves the name nil, for the caller to show the URI.
    public func episodeName(_ id: String, known: String? = nil) async throws -> String? {
        if let name = try knownEpisodeName(id, known: known) { return name }
        do {
            return try await episode(id).episode.name
        } catch let error as SpotifyError {
            if case .notFound = error { throw error }
            if Self.isOffline(error) { throw error }
            return nil
        }
    }
}
