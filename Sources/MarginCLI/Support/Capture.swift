import Foundation
import NoteStore
import SpotifyClient

/// Turns what the player says into a pin, or into the reason there is none.
enum Capture {
    /// A pin for the item in `snapshot`, or why the note stays unpinned.
    static func pin(from snapshot: PlaybackSnapshot?) -> (Pin?, String?) {
        guard let snapshot else { return (nil, "nothing is playing on Spotify") }
        guard let id = snapshot.itemID else {
            return (nil, snapshot.kind == .ad ? "an ad is playing" : "Spotify did not say what is playing")
        }
        guard let progress = snapshot.progressMs else { return (nil, "Spotify did not report the position") }
        switch snapshot.kind {
        case .episode:
            return (Pin(itemType: "episode", itemID: id, itemURI: snapshot.itemURI ?? "spotify:episode:\(id)",
                        itemName: snapshot.itemName, showID: snapshot.showID, showName: snapshot.showName,
                        progressMs: progress, durationMs: snapshot.durationMs), nil)
        case .track:
            return (Pin(itemType: "track", itemID: id, itemURI: snapshot.itemURI ?? "spotify:track:\(id)",
                        itemName: snapshot.itemName, showID: nil, showName: nil,
                        progressMs: progress, durationMs: snapshot.durationMs), nil)
        case .ad:
            return (nil, "an ad is playing")
        case .unknown(let kind):
            return (nil, "Spotify is playing something margin cannot pin to ('\(kind)')")
        }
    }

    /// One request to `currently-playing`; any failure becomes the reason the note is unpinned.
    static func readPlayer(_ api: SpotifyAPI) async -> (PlaybackSnapshot?, Pin?, String?) {
        do {
            let snapshot = try await api.currentlyPlaying()
            let (pin, reason) = pin(from: snapshot)
            return (snapshot, pin, reason)
        } catch {
            return (nil, nil, describe(error))
        }
    }

    /// The pin (or the reason for none) from one `currently-playing` request; nil when there is
    /// no API to ask or the caller does not `want` the player read.
    static func readPlayer(_ api: SpotifyAPI?, when wanted: Bool) async -> (Pin?, String?)? {
        guard wanted, let api else { return nil }
        let (_, pin, reason) = await readPlayer(api)
        return (pin, reason)
    }

    /// A pin to `episode` at `milliseconds`, with names from the cache or one API request;
    /// offline it pins the id alone (names are filled in later).
    static func manualPin(episode id: String, at milliseconds: Int, store: NoteDatabase, api: SpotifyAPI?) async -> (Pin, String?) {
        var info = try? store.episode(id: id)
        var warning: String?
        if info == nil, let api {
            do {
                let episode = try await api.episode(id: id)
                let fetched = EpisodeInfo(id: episode.id, name: episode.name, showID: episode.showID, showName: episode.showName,
                                          durationMs: episode.durationMs, releaseDate: episode.releaseDate, fetchedAt: Date())
                try? store.cacheEpisode(fetched)
                _ = try? store.fillNames(from: fetched)
                info = fetched
            } catch {
                warning = "could not fetch the episode's name (\(describe(error))); it is filled in later"
            }
        }
        let pin = Pin(itemType: "episode", itemID: id, itemURI: "spotify:episode:\(id)", itemName: info?.name,
                      showID: info?.showID, showName: info?.showName, progressMs: milliseconds, durationMs: info?.durationMs)
        return (pin, warning)
    }

    static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
