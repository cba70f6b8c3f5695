import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import TestSupport
import Testing
import Voice
@testable import Watch

/// A player that records what the view asked of it, for the session's capture rules.
actor RecordingPlayer: WatchPlayer {
    private(set) var calls: [String] = []
    let snapshot: PlaybackSnapshot?
    /// Whether Spotify never finishes a seek (the view must not wait for it).
    let seekHangs: Bool

    init(_ snapshot: PlaybackSnapshot?, seekHangs: Bool = false) {
        self.snapshot = snapshot
        self.seekHangs = seekHangs
    }

    func currentlyPlaying(deadline: Duration) async throws -> PlaybackSnapshot? {
        calls.append("currently-playing")
        return snapshot
    }
    func playbackState() async throws -> PlaybackSnapshot? {
        calls.append("player")
        return snapshot
    }
    func episode(id: String) async throws -> Episode { throw SpotifyError.notFound(endpoint: "episodes/\(id)") }
    func pause() async throws { calls.append("pause") }
    func resume() async throws { calls.append("resume") }
    func seek(positionMs: Int) async throws {
        calls.append("seek \(positionMs)")
        if seekHangs { try await hangUntilCancelled() }
    }
}

@Suite("The watch session takes its notes through the capture use case")
struct WatchSessionTests {
    let path: String
    let episode = PlaybackSnapshot(kind: .episode, itemID: "512ojhOuo1ktJprKbVcKyQ", itemURI: "spotify:episode:512ojhOuo1ktJprKbVcKyQ",
                                   itemName: "Ep. 42 — Naming things", showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: "Craft, Code & Curiosity",
                                   progressMs: 754_000, durationMs: 3_723_000, isPlaying: true, receivedAt: Date())

    init() throws {
        path = try temporaryDirectory("margin-watch") + "/notes.sqlite"
    }

    func session(_ player: RecordingPlayer, pauseOnNote: Bool, leadMs: Int = 20_000) -> WatchSession {
        let path = self.path
        return WatchSession(player: player, openStore: { try NoteDatabase(path: path) }, leadMs: leadMs, pauseOnNote: pauseOnNote,
                            colour: false, schedule: PollSchedule())
    }

    /// Feeds the session its own events until the footer says `prefix`.
    func run(_ session: inout WatchSession, until prefix: String) async throws -> String {
        let (events, continuation) = (session.events, session.continuation)
        // The deadline that ends a run whose screen never comes.
        let waiting = deadline(.seconds(60)) { continuation.finish() }
        defer { waiting.cancel() }
        for await event in events {
            session.handle(event)
            if let message = session.state.message, message.hasPrefix(prefix) { return message }
        }
        throw CancellationError()
    }

    /// The screen the session draws now, `width`×24.
    func screen(_ session: WatchSession, width: Int = 80) -> [String] {
        WatchScreen.render(session.state, at: .now, width: width, height: 24).lines.map(\.text)
    }

    /// Whether `screen` shows the keys `?` lists: each on a row of its own.
    func listsKeys(_ screen: [String]) -> Bool {
        ["  n ", "  v ", "  space ", "  ← ", "  → ", "  q "].allSatisfy { key in screen.contains { $0.hasPrefix(key) } }
    }

    @Test("? shows the keys until ? or Esc hides them; Esc does nothing else, n and v take the screen, q still quits")
    func keysShown() async throws {
        let player = RecordingPlayer(episode)
        var session = session(player, pauseOnNote: false)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        #expect(!listsKeys(screen(session)))
        session.press(.character("?"), at: .now)
        #expect(listsKeys(screen(session)), "\(screen(session))")
        session.press(.character("?"), at: .now)
        #expect(!listsKeys(screen(session)))

        session.press(.character("?"), at: .now)
        session.press(.escape, at: .now)
        #expect(!listsKeys(screen(session)))
        #expect(session.ending == nil, "Esc does not quit")
        #expect(session.state.message(at: .now) == nil, "nor says anything")
        session.press(.escape, at: .now)
        #expect(session.ending == nil && !listsKeys(screen(session)), "nor does a second one")

        session.press(.character("?"), at: .now)
        session.press(.character("n"), at: .now)
        #expect(session.state.draft != nil)
        #expect(!listsKeys(screen(session)), "the note being written has the screen")
        session.press(.escape, at: .now)
        #expect(session.state.draft == nil && !listsKeys(screen(session)), "Esc cancels the note, and the keys stay hidden")

        session.press(.character("?"), at: .now)
        session.press(.character("q"), at: .now)
        #expect(session.ending == .status(0))
        _ = await session.endCaptures()
        #expect(await player.calls == [])
    }

    @Test("v with no recorder: the whole message, remedy included, on lines of its own above the keys at 80 and 60 columns",
          arguments: [80, 60])
    func voiceProblemWrapped(width: Int) {
        var session = session(RecordingPlayer(episode), pauseOnNote: false)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        session.press(.character("v"), at: .now)
        let lines = screen(session, width: width)
        #expect(lines.allSatisfy { $0.count <= width && !$0.hasSuffix("…") }, "\(lines)")
        let read = lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
        #expect(read.contains(VoiceError.noRecorder.message), "\(lines)")
        #expect(lines.last?.hasSuffix("? keys · q quit") == true)
    }

    @Test("n pins at the key press with note.lead off, pauses with pause-on-note, Enter stores the note and resumes")
    func noteAtKeyPress() async throws {
        let player = RecordingPlayer(episode)
        var session = session(player, pauseOnNote: true)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        let pressed = try #require(session.state.polledAt)
        session.press(.character("n"), at: pressed)
        #expect(session.state.draft?.positionMs == 734_000)
        for character in "cache stampedes #caching" { session.press(.character(character), at: pressed + .seconds(30)) }
        session.press(.enter, at: pressed + .seconds(31))
        let message = try await run(&session, until: "saved")
        #expect(message.hasSuffix("at 12:14"))
        let note = try #require(try NoteDatabase(path: path).notes(NoteFilter()).first)
        #expect(note.pin?.progressMs == 734_000)
        #expect(note.tags == ["caching"])
        #expect(await player.calls == ["pause", "resume"])
    }

    @Test("Esc stores nothing and resumes what n paused; without pause-on-note nothing is paused")
    func cancelled() async throws {
        let player = RecordingPlayer(episode)
        var session = session(player, pauseOnNote: true)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        session.press(.character("n"), at: .now)
        session.press(.character("x"), at: .now)
        session.press(.escape, at: .now)
        #expect(session.state.message == "note cancelled; nothing was saved")
        _ = await session.endCaptures()
        #expect(await player.calls == ["pause", "resume"])
        #expect(try NoteDatabase(path: path).count() == 0)

        let quiet = RecordingPlayer(episode)
        var plain = self.session(quiet, pauseOnNote: false)
        plain.handle(.polled(.snapshot(episode), startedAt: .now))
        plain.press(.character("n"), at: .now)
        plain.press(.character("y"), at: .now)
        plain.press(.enter, at: .now)
        _ = try await run(&plain, until: "saved")
        #expect(await quiet.calls == [])
    }

    @Test("a note open when the view ends is stored as typed, and playback it paused plays on; an empty one is not")
    func endedWhileWriting() async throws {
        let player = RecordingPlayer(episode)
        var session = session(player, pauseOnNote: true)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        session.press(.character("n"), at: .now)
        session.press(.character("z"), at: .now)
        #expect(await session.endCaptures() == nil, "stored, so nothing is handed back")
        #expect(await player.calls == ["pause", "resume"])
        #expect(try NoteDatabase(path: path).notes(NoteFilter()).map(\.text) == ["z"])

        var empty = self.session(RecordingPlayer(episode), pauseOnNote: false)
        empty.handle(.polled(.snapshot(episode), startedAt: .now))
        empty.press(.character("n"), at: .now)
        empty.press(.character(" "), at: .now)
        #expect(await empty.endCaptures() == nil)
        #expect(try NoteDatabase(path: path).count() == 1)
    }

    @Test("before the first poll, n saves the note unpinned with the reason")
    func beforeFirstPoll() async throws {
        var session = session(RecordingPlayer(nil), pauseOnNote: false)
        session.press(.character("n"), at: .now)
        session.press(.character("a"), at: .now)
        session.press(.enter, at: .now)
        let message = try await run(&session, until: "saved")
        #expect(message.contains("unpinned (Spotify had not answered yet)"))
    }

    @Test("→ then q while Spotify is still seeking: the episode's cached position is marked out of date before the view ends")
    func seekThenQuit() async throws {
        let store = try NoteDatabase(path: path), id = try #require(episode.itemID)
        try store.cacheEpisode(EpisodeInfo(id: id, name: episode.itemName, resumePositionMs: 754_000))
        let player = RecordingPlayer(episode, seekHangs: true)
        var session = session(player, pauseOnNote: false)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        session.press(.right, at: .now)
        #expect(await session.endCaptures() == nil)
        let cached = try #require(try store.episode(id: id))
        #expect(cached.fetchedAt == Date(timeIntervalSince1970: 0), "margin episodes asks Spotify again, not the cached 12:34")
    }

    @Test("a seek's mark that the store holds up never makes the view hand back a note that was stored")
    func slowMark() async throws {
        let player = RecordingPlayer(episode)
        var session = session(player, pauseOnNote: false)
        session.handle(.polled(.snapshot(episode), startedAt: .now))
        session.press(.character("n"), at: .now)
        session.press(.character("z"), at: .now)
        // A mark on a store another process keeps locked.
        session.marks.append(Task { try? await hangUntilCancelled() })
        #expect(await session.endCaptures() == nil, "stored, so nothing is handed back")
        #expect(try NoteDatabase(path: path).notes(NoteFilter()).map(\.text) == ["z"])
    }
}
