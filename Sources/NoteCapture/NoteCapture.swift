import Foundation
import NoteStore
import SpotifyClient

/// Taking a note: the moment first, then the text, then the store.
///
/// Capture never loses text: whatever Spotify does, the note is stored (unpinned, with the
/// reason, when it cannot be pinned). Only an empty text, a store that cannot be written, or a
/// pin the user asked for that cannot be right (past the episode's end, an episode Spotify
/// does not have) end without a note, and each such failure carries the text.
public struct NoteCapture: Sendable {
    /// Spotify, or nil when margin cannot reach it (not configured, config unreadable).
    public var player: (any CapturePlayer)?
    /// Why there is no ``player``, said when the note stays unpinned.
    public var playerUnavailable: String?
    /// How long reading the moment may take before the note is saved without it: a thought
    /// should not wait out a request timeout.
    public var pinDeadline: Duration
    /// Opens the note store; called while the player is read.
    public var openStore: @Sendable () throws -> NoteDatabase
    public var now: @Sendable () -> Date

    public init(player: (any CapturePlayer)?, playerUnavailable: String? = nil, pinDeadline: Duration = .seconds(2.5),
                openStore: @escaping @Sendable () throws -> NoteDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.player = player
        self.playerUnavailable = playerUnavailable
        self.pinDeadline = pinDeadline
        self.openStore = openStore
        self.now = now
    }

    /// Captures `request`: reads the moment (one request), gets the text, stores the note.
    public func capture(_ request: CaptureRequest) async throws -> CaptureOutcome {
        let takenAt = now()
        var warnings: [String] = []
        var read: Result<Pin, Unpinned>?
        var text: String
        var tags = request.tags
        switch request.source {
        case .text(let given):
            text = given
        case .compose(let write):
            (text, read) = try await compose(write, warnings: &warnings)
        case .dictate(let speak):
            let dictation: CaptureRequest.Dictation
            (dictation, read) = try await dictate(speak, warnings: &warnings)
            text = dictation.text
            tags += dictation.tags.filter { !tags.contains($0) }
        }
        if case .dictate = request.source {} else {
            guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { throw CaptureFailure.empty }
        }

        // The player is read while the store opens: neither waits for the other.
        let asksPlayer = request.episodeID == nil && read == nil
        async let live = asksPlayer ? readMoment().pin : nil
        let store: NoteDatabase
        do { store = try openStore() } catch { throw CaptureFailure.unsaved(text: text, reason: PinRules.describe(error)) }

        var pin: Pin?, reason: String?
        do throws(PinProblem) {
            if let episodeID = request.episodeID, let position = request.positionMs {
                let (manual, warning) = try await self.pin(episode: episodeID, at: position, store: store)
                pin = manual
                warnings += warning.map { [$0] } ?? []
            } else {
                switch await live ?? read {
                case .success(let found)?: pin = found
                case .failure(let unpinned)?: reason = unpinned.reason
                case nil: reason = playerUnavailable ?? "Spotify is not configured"
                }
                if let found = pin, let position = request.positionMs {
                    pin = try PinRules.moved(found, to: position)
                } else if var found = pin, request.leadMs > 0 {
                    found.progressMs = max(found.progressMs - request.leadMs, 0)
                    pin = found
                }
            }
        } catch {
            throw CaptureFailure.refused(text: text, error)
        }

        var note = Note(text: text, tags: tags, createdAt: takenAt, pin: pin)
        if let id = request.noteID { note.id = id }
        do { try store.insert(note) } catch { throw CaptureFailure.unsaved(text: text, reason: PinRules.describe(error)) }
        if request.pauseAfter, pin != nil, let player {
            do { try await player.pause() } catch {
                warnings.append("the note is saved, but playback was not paused: \(PinRules.describe(error))")
            }
        }
        return CaptureOutcome(note: note, unpinnedReason: pin == nil ? reason : nil, warnings: warnings, store: store)
    }

    /// Pins the moment the user started writing, pauses while they write, resumes after.
    private func compose(_ write: @Sendable () async throws -> String,
                         warnings: inout [String]) async throws -> (String, Result<Pin, Unpinned>) {
        try await pausing(while: "wrote", warnings: &warnings) { _ in try await write() }
    }

    /// Pins the moment the user started speaking, pauses while they speak, resumes after; when
    /// the dictation fails, nothing is stored and the failure carries the moment.
    private func dictate(_ speak: @Sendable () async throws -> CaptureRequest.Dictation,
                         warnings: inout [String]) async throws -> (CaptureRequest.Dictation, Result<Pin, Unpinned>) {
        try await pausing(while: "spoke", warnings: &warnings) { pin in
            do { return try await speak() } catch {
                throw CaptureFailure.abandoned(moment: try? pin.get(), reason: PinRules.describe(error))
            }
        }
    }

    /// Reads the moment, pauses playback if it plays, runs `body`, and resumes.
    private func pausing<Value: Sendable>(
        while activity: String, warnings: inout [String], _ body: (Result<Pin, Unpinned>) async throws -> Value
    ) async throws -> (Value, Result<Pin, Unpinned>) {
        let (snapshot, pin) = await readMoment()
        var paused = false
        if snapshot?.isPlaying == true, let player {
            do {
                try await player.pause()
                paused = true
            } catch {
                warnings.append("playback was not paused while you \(activity): \(PinRules.describe(error))")
            }
        }
        let text: Value
        do {
            text = try await body(pin)
        } catch {
            if paused { try? await player?.resume() }
            throw error
        }
        if paused, let player {
            do { try await player.resume() } catch {
                warnings.append("playback was not resumed: \(PinRules.describe(error))")
            }
        }
        return (text, pin)
    }

    /// One `currently-playing` request within ``pinDeadline``: the snapshot, and the pin or
    /// why there is none.
    func readMoment() async -> (snapshot: PlaybackSnapshot?, pin: Result<Pin, Unpinned>) {
        guard let player else { return (nil, .failure(Unpinned(playerUnavailable ?? "Spotify is not configured"))) }
        let limit = pinDeadline
        let started = ContinuousClock.now
        do {
            // The transport gives up at the deadline (refresh and retries included); the race
            // is a backstop for a player that does not.
            let snapshot = try await Deadline.run(limit + .milliseconds(500)) { try await player.currentlyPlaying(deadline: limit) }
            return (snapshot, PinRules.pin(from: snapshot))
        } catch where error is Deadline.Passed || Self.isPinTimeout(error, after: ContinuousClock.now - started, limit: limit) {
            return (nil, .failure(Unpinned(Deadline.Passed(limit: limit).description)))
        } catch {
            return (nil, .failure(Unpinned(PinRules.describe(error))))
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
