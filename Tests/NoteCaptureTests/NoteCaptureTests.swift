import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import Testing

@Suite("Capture turns the player, the flags and failures into a pin or a reason")
struct NoteCaptureTests {
    let path: String
    init() throws { path = try temporaryStorePath() }

    func capture(_ player: ScriptedPlayer?, deadline: Duration = .seconds(5), unavailable: String? = nil) -> NoteCapture {
        let path = self.path
        return NoteCapture(player: player, playerUnavailable: unavailable, pinDeadline: deadline,
                           openStore: { try NoteDatabase(path: path) })
    }

    @Test("a note taken while an episode plays is pinned to it and its position, in one request")
    func pinsThePlayingEpisode() async throws {
        let player = ScriptedPlayer(.playing(playing(at: 754_000)))
        let outcome = try await capture(player).capture(CaptureRequest(what: .text("cache stampedes"), tags: ["caching"]))
        #expect(outcome.note.pin?.itemID == episodeID)
        #expect(outcome.note.pin?.progressMs == 754_000)
        #expect(outcome.unpinnedReason == nil)
        #expect(try NoteDatabase(path: path).note(id: outcome.note.id).tags == ["caching"])
        #expect(await player.calls == ["currently-playing"])
    }

    @Test("a player that hangs costs the pin deadline, not the request timeout, and the note is saved unpinned")
    func hangingPlayerSavesUnpinned() async throws {
        let player = ScriptedPlayer(.hanging)
        let outcome = try await capture(player, deadline: .milliseconds(200)).capture(CaptureRequest(what: .text("quick thought")))
        #expect(outcome.note.pin == nil)
        #expect(outcome.unpinnedReason == "Spotify did not answer within 0.2 s, the pin timeout")
        #expect(try NoteDatabase(path: path).count() == 1)
    }

    @Test("an unpinned note keeps the moment it was taken, so it can be placed later")
    func unpinnedKeepsTheCaptureTime() async throws {
        let taken = Date(timeIntervalSince1970: 1_795_252_502.123)
        let path = self.path
        let capture = NoteCapture(player: nil, playerUnavailable: "not logged in", openStore: { try NoteDatabase(path: path) },
                                  now: { taken })
        let outcome = try await capture.capture(CaptureRequest(what: .text("offline")))
        #expect(outcome.unpinnedReason == "not logged in")
        #expect(try NoteDatabase(path: path).note(id: outcome.note.id).createdAt == taken)
    }

    @Test("Spotify's failure becomes the reason the note is unpinned")
    func failureIsTheReason() async throws {
        let outcome = try await capture(ScriptedPlayer(.failing(.notLoggedIn))).capture(CaptureRequest(what: .text("x")))
        #expect(outcome.note.pin == nil)
        #expect(outcome.unpinnedReason?.contains("margin login") == true)
    }

    @Test("--at moves the pin within the playing episode, and past its end is refused with the text")
    func atMovesThePin() async throws {
        let player = ScriptedPlayer(.playing(playing()))
        let moved = try await capture(player).capture(CaptureRequest(when: .at(positionMs: 600_000), what: .text("a")))
        #expect(moved.note.pin?.progressMs == 600_000)
        await #expect(throws: CaptureFailure.refused(text: "b", .pastEnd(positionMs: 7_200_000, durationMs: 3_723_000,
                                                                                itemName: "Ep. 42 — Naming things"))) {
            _ = try await capture(player).capture(CaptureRequest(when: .at(positionMs: 7_200_000), what: .text("b")))
        }
        #expect(try NoteDatabase(path: path).count() == 1)
    }

    @Test("--episode pins to an episode Spotify knows, with its names, and caches them")
    func manualEpisode() async throws {
        let other = "4rOoJ6Egrf8K2IrywzwOMk"
        let episode = Episode(id: other, name: "Ep. 7", durationMs: 1_800_000, showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Show")
        let player = ScriptedPlayer(.playing(nil), episodes: [episode])
        let outcome = try await capture(player).capture(CaptureRequest(when: .episode(id: other, positionMs: 60_000), what: .text("x")))
        #expect(outcome.note.pin?.itemName == "Ep. 7")
        #expect(outcome.note.pin?.durationMs == 1_800_000)
        #expect(try NoteDatabase(path: path).episode(id: other)?.name == "Ep. 7")
        #expect(await player.calls == ["episode \(other)"])
    }

    @Test("--episode with an id Spotify does not have is refused, and nothing is stored")
    func unknownEpisodeRefused() async throws {
        let player = ScriptedPlayer(.playing(nil))
        await #expect(throws: CaptureFailure.refused(text: "x", .noSuchEpisode(id: "AAAAAAAAAAAAAAAAAAAAAA"))) {
            _ = try await capture(player).capture(CaptureRequest(when: .episode(id: "AAAAAAAAAAAAAAAAAAAAAA", positionMs: 600_000), what: .text("x")))
        }
        #expect(try NoteDatabase(path: path).count() == 0)
    }

    @Test("--episode offline pins the id alone and says the name comes later")
    func manualEpisodeOffline() async throws {
        let player = ScriptedPlayer(.failing(.unreachable(endpoint: "episodes", reset: false)))
        let outcome = try await capture(player).capture(CaptureRequest(when: .episode(id: episodeID, positionMs: 1000), what: .text("x")))
        #expect(outcome.note.pin?.itemID == episodeID)
        #expect(outcome.note.pin?.itemName == nil)
        #expect(outcome.warnings.count == 1)
    }

    @Test("writing in the editor: the moment is read first, playback pauses while writing and resumes after")
    func composePausesAndResumes() async throws {
        let player = ScriptedPlayer(.playing(playing(at: 100_000)))
        let request = CaptureRequest(what: .compose {
            #expect(await player.calls == ["currently-playing", "pause"])
            return CaptureRequest.Written(text: "written")
        })
        let outcome = try await capture(player).capture(request)
        #expect(outcome.note.text == "written")
        #expect(outcome.note.pin?.progressMs == 100_000)
        #expect(await player.calls == ["currently-playing", "pause", "resume"])
    }

    @Test("a paused player is not paused or resumed around the editor; an editor failure still resumes")
    func composeEdges() async throws {
        let paused = ScriptedPlayer(.playing(playing(isPlaying: false)))
        _ = try await capture(paused).capture(CaptureRequest(what: .compose { CaptureRequest.Written(text: "x") }))
        #expect(await paused.calls == ["currently-playing"])

        struct EditorFailed: Error {}
        let playingPlayer = ScriptedPlayer(.playing(playing()))
        await #expect(throws: EditorFailed.self) {
            _ = try await capture(playingPlayer).capture(CaptureRequest(what: .compose { throw EditorFailed() }))
        }
        #expect(await playingPlayer.calls == ["currently-playing", "pause", "resume"])
    }

    @Test("an empty text is refused; a store that cannot be opened gives the text back")
    func failuresCarryTheText() async throws {
        await #expect(throws: CaptureFailure.empty) {
            _ = try await capture(nil).capture(CaptureRequest(what: .text(" \n\t")))
        }
        let broken = NoteCapture(player: nil, openStore: { throw NoteStoreError.cannotOpen(path: "/x", reason: "gone") })
        do {
            _ = try await broken.capture(CaptureRequest(what: .text("keep me")))
            Issue.record("a store that cannot open must fail the capture")
        } catch let failure as CaptureFailure {
            #expect(failure.text == "keep me")
        }
    }

    @Test("--pause pauses once after a pinned note, and not after an unpinned one")
    func pauseAfter() async throws {
        let player = ScriptedPlayer(.playing(playing()))
        _ = try await capture(player).capture(CaptureRequest(what: .text("x"), pauseAfter: true))
        #expect(await player.calls == ["currently-playing", "pause"])
        let nothing = ScriptedPlayer(.playing(nil))
        _ = try await capture(nothing).capture(CaptureRequest(what: .text("y"), pauseAfter: true))
        #expect(await nothing.calls == ["currently-playing"])
    }
}
