import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import Synchronization
import Testing

/// The rules every way of capturing shares: a moment read (`margin note`) and a moment seen at
/// a key press (`watch`) give the same pin, and the body runs between the pin and the store.
@Suite("One capture path: the same rules whichever way a note comes")
struct CaptureRulesTests {
    let path: String
    init() throws { path = try temporaryStorePath() }

    func capture(_ player: (any CapturePlayer)?, at clock: Date = Date(timeIntervalSince1970: 1_795_252_502)) -> NoteCapture {
        let path = self.path
        return NoteCapture(player: player, pinDeadline: .seconds(5), openStore: { try NoteDatabase(path: path) }, now: { clock })
    }

    @Test("a moment seen at a key press pins like one read from the player: lead taken off, clamped at 0:00, no request",
          arguments: [(754_000, 20_000, 734_000), (5_000, 60_000, 0), (754_000, 0, 754_000)])
    func seenPinsLikeRead(position: Int, lead: Int, expected: Int) async throws {
        let snapshot = playing(at: position)
        let read = ScriptedPlayer(.playing(snapshot))
        let fromNote = try await capture(read).capture(CaptureRequest(what: .text("a"), leadMs: lead))
        let watching = ScriptedPlayer(.playing(snapshot))
        let fromWatch = try await capture(watching).capture(CaptureRequest(when: .seen(snapshot, unknown: nil), what: .text("b"), leadMs: lead))
        #expect(fromNote.note.pin?.progressMs == expected)
        #expect(fromWatch.note.pin == fromNote.note.pin)
        #expect(await read.calls == ["currently-playing"])
        #expect(await watching.calls == [])
        #expect(PinRules.pin(seen: snapshot, unknown: nil).map { PinRules.lead($0, by: lead) } == .success(try #require(fromWatch.note.pin)))
    }

    @Test("nothing playing gives the same unpinned reason read or seen; a moment never known gives its own")
    func unpinnedReasons() async throws {
        let fromNote = try await capture(ScriptedPlayer(.playing(nil))).capture(CaptureRequest(what: .text("a")))
        let fromWatch = try await capture(ScriptedPlayer(.playing(nil)))
            .capture(CaptureRequest(when: .seen(nil, unknown: nil), what: .text("b")))
        #expect(fromNote.unpinnedReason == "nothing is playing on Spotify")
        #expect(fromWatch.unpinnedReason == fromNote.unpinnedReason)
        let early = try await capture(ScriptedPlayer(.playing(nil)))
            .capture(CaptureRequest(when: .seen(nil, unknown: "Spotify had not answered yet"), what: .text("c")))
        #expect(early.unpinnedReason == "Spotify had not answered yet")
        #expect(early.note.pin == nil)
        #expect(try NoteDatabase(path: path).count() == 3)
    }

    @Test("the note is taken at the clock's time when capture starts, not when the body ends")
    func takenWhenCaptureStarts() async throws {
        let start = Date(timeIntervalSince1970: 1_795_252_502.5)
        let clock = Mutex(start)
        let path = self.path
        let capture = NoteCapture(player: ScriptedPlayer(.playing(playing())), pinDeadline: .seconds(5),
                                  openStore: { try NoteDatabase(path: path) }, now: { clock.withLock { $0 } })
        let outcome = try await capture.capture(CaptureRequest(what: .compose {
            // Writing takes a while: the clock has moved on when the text comes.
            clock.withLock { $0 += 600 }
            return CaptureRequest.Written(text: "later")
        }))
        #expect(outcome.note.createdAt == start)
        #expect(try NoteDatabase(path: path).note(id: outcome.note.id).createdAt == start)
    }

    @Test("a body written at a key press pauses only when asked; playback margin did not pause is never resumed")
    func pausesOnlyWhenAsked() async throws {
        let snapshot = playing()
        let quiet = ScriptedPlayer(.playing(snapshot))
        _ = try await capture(quiet).capture(CaptureRequest(
            when: .seen(snapshot, unknown: nil), what: .compose { CaptureRequest.Written(text: "x") }, pauseWhileWriting: false))
        #expect(await quiet.calls == [])

        let pausing = ScriptedPlayer(.playing(snapshot))
        _ = try await capture(pausing).capture(CaptureRequest(
            when: .seen(snapshot, unknown: nil), what: .compose { CaptureRequest.Written(text: "x") }))
        #expect(await pausing.calls == ["pause", "resume"])

        let paused = playing(isPlaying: false)
        let idle = ScriptedPlayer(.playing(paused))
        _ = try await capture(idle).capture(CaptureRequest(
            when: .seen(paused, unknown: nil), what: .compose { CaptureRequest.Written(text: "x") }))
        #expect(await idle.calls == [])
    }

    @Test("a cancelled or empty body stores nothing and still resumes what it paused")
    func cancelledAndEmpty() async throws {
        let snapshot = playing()
        let cancelling = ScriptedPlayer(.playing(snapshot))
        await #expect(throws: CaptureFailure.cancelled) {
            _ = try await capture(cancelling).capture(CaptureRequest(
                when: .seen(snapshot, unknown: nil), what: .compose { throw CaptureFailure.cancelled }))
        }
        #expect(await cancelling.calls == ["pause", "resume"])

        let emptying = ScriptedPlayer(.playing(snapshot))
        await #expect(throws: CaptureFailure.empty) {
            _ = try await capture(emptying).capture(CaptureRequest(what: .compose { CaptureRequest.Written(text: " \n") }))
        }
        #expect(await emptying.calls == ["currently-playing", "pause", "resume"])
        #expect(try NoteDatabase(path: path).count() == 0)
    }

    @Test("a dictation that fails is abandoned with its moment, after resuming; an empty transcript is still a note")
    func dictation() async throws {
        struct Silence: Error {}
        let snapshot = playing(at: 100_000)
        let failing = ScriptedPlayer(.playing(snapshot))
        let expected = try #require(try? PinRules.pin(from: snapshot).get())
        await #expect(throws: CaptureFailure.abandoned(moment: expected, reason: "Silence()")) {
            _ = try await capture(failing).capture(CaptureRequest(what: .dictate(audio: "/nowhere.wav") { _ in throw Silence() }))
        }
        #expect(await failing.calls == ["currently-playing", "pause", "resume"])

        let heard = try await capture(ScriptedPlayer(.playing(snapshot)))
            .capture(CaptureRequest(what: .dictate(audio: "/nowhere.wav") { _ in CaptureRequest.Written(text: "", tags: ["voice"]) }, tags: ["idea"]))
        #expect(Set(heard.note.tags) == ["idea", "voice"])
        #expect(try NoteDatabase(path: path).count() == 1)
    }

    @Test("a dictation resumes playback as soon as the speaking ends, before the transcript; --pause keeps it paused")
    func resumesBeforeTranscript() async throws {
        let player = ScriptedPlayer(.playing(playing()))
        let outcome = try await capture(player).capture(CaptureRequest(what: .dictate(audio: "/nowhere.wav") { spoken in
            await spoken()
            #expect(await player.calls == ["currently-playing", "pause", "resume"], "resumed before the transcript")
            return CaptureRequest.Written(text: "heard")
        }))
        #expect(outcome.note.text == "heard")
        #expect(await player.calls == ["currently-playing", "pause", "resume"])

        let keeping = ScriptedPlayer(.playing(playing()))
        _ = try await capture(keeping).capture(CaptureRequest(what: .dictate(audio: "/nowhere.wav") { spoken in
            await spoken()
            return CaptureRequest.Written(text: "heard")
        }, pauseAfter: true))
        #expect(await keeping.calls == ["currently-playing", "pause"])
    }

    @Test("a dictation's note is stored, pending, before anything is recorded; the transcript completes it; nothing recorded removes it")
    func dictationRowFirst() async throws {
        let path = self.path
        let id = "d1c7a710-0000-4000-8000-000000000000"
        let outcome = try await capture(ScriptedPlayer(.playing(playing(at: 100_000)))).capture(CaptureRequest(
            what: .dictate(audio: "/audio/\(id).wav") { spoken in
                let early = try NoteDatabase(path: path).note(id: id)
                #expect(early.text == "")
                #expect(early.voice == NoteVoice(audio: "/audio/\(id).wav", state: .pending))
                #expect(early.pin?.progressMs == 100_000)
                #expect(early.tags == ["idea", "voice"])
                await spoken()
                return CaptureRequest.Written(text: "heard", tags: ["voice"],
                                              voice: NoteVoice(audio: "/audio/\(id).wav", durationMs: 3000, state: .done))
            }, tags: ["idea"], noteID: id))
        let stored = try NoteDatabase(path: path).note(id: id)
        #expect(stored.text == "heard")
        #expect(stored.voice?.state == .done)
        #expect(stored == outcome.note)
        #expect(try NoteDatabase(path: path).count() == 1)

        struct Silence: Error {}
        await #expect(throws: CaptureFailure.self) {
            _ = try await capture(ScriptedPlayer(.playing(playing()))).capture(CaptureRequest(
                what: .dictate(audio: "/audio/x.wav") { _ in throw Silence() }, noteID: "e0000000-0000-4000-8000-000000000000"))
        }
        #expect(try NoteDatabase(path: path).count() == 1, "nothing recorded, no note")
    }

    @Test("--pause with a body keeps playback paused after the note: one pause, no resume")
    func pauseAfterWriting() async throws {
        let player = ScriptedPlayer(.playing(playing()))
        _ = try await capture(player).capture(CaptureRequest(what: .compose { CaptureRequest.Written(text: "x") }, pauseAfter: true))
        #expect(await player.calls == ["currently-playing", "pause"])
    }

    @Test("the note is stored before playback resumes, and a store that cannot open stops the capture before the body")
    func storeBeforeResume() async throws {
        let path = self.path
        let player = ScriptedPlayer(.playing(playing()), onResume: { (try? NoteDatabase(path: path).count()) ?? -1 })
        _ = try await capture(player).capture(CaptureRequest(what: .compose { CaptureRequest.Written(text: "x") }))
        #expect(await player.notesAtResume == [1])

        let broken = NoteCapture(player: ScriptedPlayer(.playing(playing())),
                                 openStore: { throw NoteStoreError.cannotOpen(path: "/x", reason: "gone") })
        let asked = BodyCalls()
        await #expect(throws: CaptureFailure.unsaved(text: "", reason: NoteStoreError.cannotOpen(path: "/x", reason: "gone").errorDescription ?? "")) {
            _ = try await broken.capture(CaptureRequest(what: .compose {
                await asked.call()
                return CaptureRequest.Written(text: "x")
            }))
        }
        #expect(await asked.count == 0)
    }
}

/// Counts a body's runs.
actor BodyCalls {
    private(set) var count = 0
    func call() { count += 1 }
}
