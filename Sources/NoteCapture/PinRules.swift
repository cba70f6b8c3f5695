import Foundation
import NoteStore
import SpotifyClient
import Voice

/// The rules that turn what the player says into a pin, or into the reason there is none.
public enum PinRules {
    /// A pin for the item in `snapshot` at its position when it was read, or why the note
    /// stays unpinned.
    public static func pin(from snapshot: PlaybackSnapshot?) -> Result<Pin, Unpinned> {
        guard let snapshot else { return .failure(Unpinned("nothing is playing on Spotify")) }
        guard let id = snapshot.itemID else {
            return .failure(Unpinned(snapshot.kind == .ad ? "an ad is playing" : "Spotify did not say what is playing"))
        }
        guard let progress = snapshot.progressMs else { return .failure(Unpinned("Spotify did not report the position")) }
        switch snapshot.kind {
        case .episode:
            return .success(Pin(itemType: "episode", itemID: id, itemURI: snapshot.itemURI ?? "spotify:episode:\(id)",
                                itemName: snapshot.itemName, showID: snapshot.showID, showName: snapshot.showName,
                                progressMs: progress, durationMs: snapshot.durationMs))
        case .track:
            return .success(Pin(itemType: "track", itemID: id, itemURI: snapshot.itemURI ?? "spotify:track:\(id)",
                                itemName: snapshot.itemName, showID: nil, showName: nil,
                                progressMs: progress, durationMs: snapshot.durationMs))
        case .ad:
            return .failure(Unpinned("an ad is playing"))
        case .unknown(let kind):
            return .failure(Unpinned("Spotify is playing something margin cannot pin to ('\(kind)')"))
        }
    }

    /// A pin for a moment a view already knows (a key press in `watch`): as ``pin(from:)``,
    /// and when nothing was known, `unknown` says why ("Spotify had not answered yet").
    public static func pin(seen snapshot: PlaybackSnapshot?, unknown: String?) -> Result<Pin, Unpinned> {
        if snapshot == nil, let unknown { return .failure(Unpinned(unknown)) }
        return pin(from: snapshot)
    }

    /// `pin` moved `leadMs` earlier (`--ago`, `note.lead`), never before 0:00.
    public static func lead(_ pin: Pin, by leadMs: Int) -> Pin {
        guard leadMs > 0 else { return pin }
        var led = pin
        led.progressMs = max(pin.progressMs - leadMs, 0)
        return led
    }

    /// Why a note is unpinned when margin has no player at all.
    static let notConfigured = "Spotify is not configured"

    /// `pin` moved to `positionMs`, or ``PinProblem/pastEnd`` when the item is known to end
    /// before it.
    public static func moved(_ pin: Pin, to positionMs: Int) throws(PinProblem) -> Pin {
        if let duration = pin.durationMs, duration > 0, positionMs > duration {
            throw .pastEnd(positionMs: positionMs, durationMs: duration, itemName: pin.itemName)
        }
        var moved = pin
        moved.progressMs = positionMs
        return moved
    }

    /// A failure as one clause for the user.
    public static func describe(_ error: any Error) -> String {
        if let voice = error as? VoiceError { return voice.message }
        return (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// Why a note could not be pinned, as one clause ("nothing is playing on Spotify").
public struct Unpinned: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}
