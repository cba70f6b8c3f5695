import Foundation
import NoteStore
import SpotifyClient

extension NoteCapture {
    /// What the player said, if it was asked: the snapshot and the pin or why there is none.
    struct Reading: Sendable {
        var snapshot: PlaybackSnapshot?
        var pin: Result<Pin, Unpinned>
    }

    /// The moment a note is pinned to: the pin or why there is none, and whether playback was
    /// playing then (so that margin knows whether to pause it).
    struct Moment: Sendable {
        var pin: Pin?
        var reason: String?
        var playing: Bool
    }

    /// Reads what `when` needs from the player: one request for ``CaptureRequest/When/now`` and
    /// ``CaptureRequest/When/at(positionMs:)``, none for a moment already seen, and for a given
    /// episode one only when playback must be paused.
    func read(_ when: CaptureRequest.When, needsPlayback: Bool) async -> Reading? {
        switch when {
        case .now, .at:
            return await readMoment()
        case .seen(let snapshot, let unknown):
            return Reading(snapshot: snapshot, pin: PinRules.pin(seen: snapshot, unknown: unknown))
        case .episode:
            return needsPlayback ? await readMoment() : nil
        }
    }

    /// The pin for `request` from what was read: the lead taken off a moment read or seen, an
    /// exact position checked against the item's end, a given episode looked up.
    func settle(_ request: CaptureRequest, reading: Reading?, store: NoteDatabase,
                warnings: inout [String]) async throws(PinProblem) -> Moment {
        let playing = reading?.snapshot?.isPlaying == true
        switch request.when {
        case .episode(let id, let position):
            let (pin, warning) = try await self.pin(episode: id, at: position, store: store)
            warnings += warning.map { [$0] } ?? []
            return Moment(pin: pin, reason: nil, playing: playing)
        case .at(let position):
            switch reading?.pin {
            case .success(let found)?: return Moment(pin: try PinRules.moved(found, to: position), reason: nil, playing: playing)
            case .failure(let unpinned)?: return Moment(pin: nil, reason: unpinned.reason, playing: playing)
            case nil: return Moment(pin: nil, reason: playerUnavailable ?? PinRules.notConfigured, playing: playing)
            }
        case .now, .seen:
            switch reading?.pin {
            case .success(let found)?:
                // Pinned at 0:00 rather than refused: the note is kept, and the user told.
                if request.leadMs > found.progressMs {
                    warnings.append("\(request.leadSource) is before the start; pinned at 0:00")
                }
                return Moment(pin: PinRules.lead(found, by: request.leadMs), reason: nil, playing: playing)
            case .failure(let unpinned)?: return Moment(pin: nil, reason: unpinned.reason, playing: playing)
            case nil: return Moment(pin: nil, reason: playerUnavailable ?? PinRules.notConfigured, playing: playing)
            }
        }
    }

    /// One `currently-playing` request within ``pinDeadline``: the snapshot, and the pin or
    /// why there is none.
    func readMoment() async -> Reading {
        guard let player else { return Reading(snapshot: nil, pin: .failure(Unpinned(playerUnavailable ?? PinRules.notConfigured))) }
        let limit = pinDeadline
        let started = ContinuousClock.now
        do {
            // The transport gives up at the deadline (refresh and retries included); the race
            // is a backstop for a player that does not.
            let snapshot = try await Deadline.run(limit + .milliseconds(500)) { try await player.currentlyPlaying(deadline: limit) }
            return Reading(snapshot: snapshot, pin: PinRules.pin(from: snapshot))
        } catch where error is Deadline.Passed || Self.isPinTimeout(error, after: ContinuousClock.now - started, limit: limit) {
            return Reading(snapshot: nil, pin: .failure(Unpinned(Deadline.Passed(limit: limit).description)))
        } catch {
            return Reading(snapshot: nil, pin: .failure(Unpinned(PinRules.describe(error))))
        }
    }

    /// True when the pin timeout ended the request rather than the request timeout, so the
    /// message names the one to raise.
    private static func isPinTimeout(_ error: any Error, after elapsed: Duration, limit: Duration) -> Bool {
        guard case SpotifyError.timeout = error else { return false }
        return elapsed >= limit - .milliseconds(50)
    }

    /// A pin to episode `id` at `position`, with names from the store's cache or from Spotify,
    /// and a warning when Spotify could not be asked.
    ///
    /// Offline the id alone is pinned (names are filled in later); an episode Spotify says does
    /// not exist, or a position past its end, is refused.
    public func pin(episode id: String, at position: Int, store: NoteDatabase) async throws(PinProblem) -> (Pin, String?) {
        var info = try? store.episode(id: id)
        var warning: String?
        if info == nil, let player {
            do {
                let episode = try await Deadline.run(pinDeadline) { try await player.episode(id: id) }
                let fetched = EpisodeInfo(id: episode.id, name: episode.name, showID: episode.showID, showName: episode.showName,
                                          durationMs: episode.durationMs, releaseDate: episode.releaseDate,
                                          resumePositionMs: episode.resumePositionMs, fullyPlayed: episode.fullyPlayed, fetchedAt: now())
                try? store.cacheEpisode(fetched)
                _ = try? store.fillNames(from: fetched)
                info = fetched
            } catch SpotifyError.notFound {
                throw .noSuchEpisode(id: id)
            } catch {
                warning = "could not check the episode with Spotify (\(PinRules.describe(error))); its name is filled in later"
            }
        }
        let pin = Pin(itemType: "episode", itemID: id, itemURI: "spotify:episode:\(id)", itemName: info?.name,
                      showID: info?.showID, showName: info?.showName, progressMs: 0, durationMs: info?.durationMs)
        return (try PinRules.moved(pin, to: position), warning)
    }
}
