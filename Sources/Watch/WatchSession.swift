import FileSafety
import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
#if canImport(Glibc)
import Glibc
#endif

/// The interactive `watch`: one loop takes every event (keys, ticks, polls, signals, finished
/// requests) in turn, changes ``WatchState`` and redraws. Requests run in tasks of their own
/// and come back as events, so a slow Spotify never holds up a key press.
public struct WatchSession {
    typealias Instant = ContinuousClock.Instant

    let player: any WatchPlayer
    let openStore: @Sendable () throws -> NoteDatabase
    /// `note.lead` in milliseconds: how far before the key press `n` pins.
    let leadMs: Int
    let pauseOnNote: Bool
    /// Whether rows are drawn with their styles: `--color` and the environment decide, by
    /// the rule every command follows (`Palette`).
    let colour: Bool
    /// What `v` records and transcribes with.
    let voice: WatchVoice
    /// Ends the voice note being recorded.
    var voiceStop: AsyncStream<Void>.Continuation?
    /// Drops the voice note being recorded (Esc, or the view ending).
    var voiceDrop: VoiceDrop?
    /// Hands the note being written to its capture: its text on Enter, nil on Esc.
    var draftReply: AsyncStream<String?>.Continuation?
    /// Captures under way: the view waits for them before it ends, so that playback a capture
    /// paused is resumed.
    var captures: [Task<Bool, Never>] = []
    /// Seeks' marks on the library cache under way (see ``positionMoved(_:)``): the view waits
    /// for them too, within the same patience, but they say nothing of the captures.
    var marks: [Task<Void, Never>] = []
    /// Voice notes left pending when the view ended (their transcript had not come): stored
    /// with their recordings, for `margin transcribe`. Set by ``run()``.
    public private(set) var untranscribed: [String] = []
    /// The capture of the note being written (or last written): true once it stored the note.
    var draftCapture: Task<Bool, Never>?
    var schedule: PollSchedule

    var state = WatchState()
    var decoder = KeyDecoder()
    var failures = 0
    var nextPoll = ContinuousClock.now
    var lastPollAt: Instant?
    var polling = false
    /// A poll that started before the view's own last command was sent, or before Spotify
    /// carried it out, may answer with the state from before it (the position before a seek):
    /// such an answer is dropped, and the next poll tells the truth. Set when a command is sent
    /// and again when it is done.
    var lastCommandAt: Instant?
    /// Commands sent and not yet done: while one is under way, a poll's answer may predate it.
    var commandsUnderWay = 0
    var screen = ScreenWriter()
    /// How the loop ended: an exit status, or a signal to die of once the terminal is restored.
    var ending: Ending?

    public enum Ending: Equatable, Sendable { case status(Int32), signal(Int32) }

    let events: AsyncStream<WatchEvent>
    let continuation: AsyncStream<WatchEvent>.Continuation

    /// Call when notes arrived in the store from elsewhere (a background sync pulled some), or
    /// with what to say (why the background sync stopped): the view reloads the notes of what is
    /// playing, and says it.
    public var notesChanged: @Sendable (String?) -> Void {
        let continuation = self.continuation
        return { continuation.yield(.finished($0, pollSoon: false)) }
    }

    public init(player: any WatchPlayer, openStore: @escaping @Sendable () throws -> NoteDatabase, leadMs: Int, pauseOnNote: Bool,
         colour: Bool, schedule: PollSchedule, voice: WatchVoice = WatchVoice(storePath: "")) {
        self.voice = voice
        self.player = player
        self.openStore = openStore
        self.leadMs = leadMs
        self.pauseOnNote = pauseOnNote
        self.colour = colour
        self.schedule = schedule
        (events, continuation) = AsyncStream.makeStream(of: WatchEvent.self)
    }

    /// Runs the view until `q`, Ctrl-C, a signal or a hang-up; the terminal is restored before
    /// it returns. A note still being written is saved; if it cannot be stored in time, its
    /// text is handed back so it is not lost.
    public mutating func run() async throws -> (Ending, unsavedText: String?) {
        // Log lines on stderr would land in the middle of the screen: while the view is up,
        // stderr goes nowhere, and what went wrong shows in the footer instead.
        let savedStderr = RawTerminal.silenceStandardError()
        defer { RawTerminal.restoreStandardError(savedStderr) }
        let terminal = try RawTerminal.enter()
        screen.colour = colour
        let signals = Signals.Scope(handling: [SIGWINCH, SIGTERM, SIGHUP, SIGINT]) { [continuation] signo in
            continuation.yield(.signal(signo))
        }
        Self.readInput(continuation)
        let ticker = Task { [continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                continuation.yield(.tick)
            }
        }
        defer {
            ticker.cancel()
            signals.end()
            terminal.restore()
        }
        await loop()
        let unsaved = await endCaptures()
        // The transcripts still awaited when the view ended: those notes stay pending.
        if !state.transcribing.isEmpty, let store = try? openStore() {
            untranscribed = state.transcribing.map(\.noteID).filter { (try? store.note(id: $0))?.voice?.state == .pending }
        }
        return (ending ?? .status(0), unsaved)
    }

    /// The loop itself; separate from ``run()`` so the terminal's restore wraps all of it.
    mutating func loop() async {
        screen.resize(RawTerminal.size())
        draw()
        for await event in events {
            handle(event)
            if ending != nil { return }
            let now = ContinuousClock.now
            if !polling, now >= nextPoll { startPoll(at: now) }
            draw()
        }
    }

    mutating func handle(_ event: WatchEvent) {
        let now = ContinuousClock.now
        switch event {
        case .input(let bytes):
            for key in decoder.decode(bytes) where ending == nil { press(key, at: now) }
        case .inputClosed:
            ending = .status(0)
        case .tick:
            break
        case .signal(SIGWINCH):
            screen.resize(RawTerminal.size())
        case .signal(SIGINT) where state.recording != nil:
            press(.interrupt, at: now)
        case .signal(SIGINT):
            ending = .status(130)
        case .signal(let signo):
            ending = .signal(signo)
        case .polled(let outcome, let startedAt):
            polled(outcome, startedAt: startedAt, at: now)
        case .notes(let itemID, let notes):
            if state.snapshot?.itemID == itemID { state.notes = notes }
        case .commanded(let command):
            show(command, at: now)
        case .finished(let message, let pollSoon):
            if let message { state.say(message, at: now) }
            if pollSoon {
                // A command is done: polls started while it was under way may predate its effect.
                lastCommandAt = now
                commandsUnderWay = max(commandsUnderWay - 1, 0)
                changed(at: now)
            }
            loadNotes()
        case .unsaved(let message, let draft):
            state.say(message, at: now, for: .seconds(15))
            if state.draft == nil, state.recording == nil { write(draft, pausing: false) }
        case .voiceLevel(let seconds, let level):
            state.recording?.seconds = seconds
            state.recording?.level = level
        case .voiceRecorded(let noteID):
            guard let recording = state.recording, recording.noteID == noteID else { break }
            state.transcribing.append(.init(noteID: noteID, positionMs: recording.positionMs))
            endRecording()
        case .voiceEnded(let noteID, let message):
            if state.recording?.noteID == noteID { endRecording() }
            state.transcribing.removeAll { $0.noteID == noteID }
            state.say(message, at: now, for: .seconds(message.hasPrefix("saved") ? 6 : 15))
            loadNotes()
        }
    }

    /// The recording is over (kept, dropped or failed): keys are the view's again.
    mutating func endRecording() {
        state.recording = nil
        voiceStop = nil
        voiceDrop = nil
    }

    mutating func draw() {
        screen.draw(WatchScreen.render(state, at: .now, width: screen.width, height: screen.height))
    }

    /// Reads the keyboard on a thread of its own: a blocking read must not take one of the
    /// cooperative pool's few threads.
    static func readInput(_ continuation: AsyncStream<WatchEvent>.Continuation) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(.input(Array(buffer[0..<count])))
            }
            continuation.yield(.inputClosed)
        }.start()
    }
}
