import Foundation
import NoteCapture
import NoteStore
import SpotifyClient
import Testing
@testable import Watch

@Suite("The interactive watch screen, drawn without a terminal")
struct WatchScreenTests {
    let start = ContinuousClock.now

    func state(progress: Int = 754_000, playing: Bool = true, notesAt: [Int] = [], name: String = "Ep. 42 — Naming things") -> WatchState {
        var state = WatchState()
        state.snapshot = PlaybackSnapshot(
            kind: .episode, itemID: "512ojhOuo1ktJprKbVcKyQ", itemName: name, showID: "5CfCWKI5pZ28U0uOzXkDHe",
            showName: "Craft, Code & Curiosity", progressMs: progress, durationMs: 3_723_000, isPlaying: playing,
            device: Device(id: "a1", name: "Kitchen speaker", type: "Speaker", isActive: true), receivedAt: Date())
        state.polledAt = start
        state.polled = true
        state.notes = notesAt.map { position in
            Note(text: "note at \(position / 1000)", tags: ["t"], pin: Pin(itemType: "episode", itemID: "512ojhOuo1ktJprKbVcKyQ",
                 itemURI: "spotify:episode:512ojhOuo1ktJprKbVcKyQ", progressMs: position, durationMs: 3_723_000))
        }
        return state
    }

    func text(_ state: WatchState, after seconds: Int = 0, width: Int = 100, height: Int = 30) -> [String] {
        WatchScreen.render(state, at: start + .seconds(seconds), width: width, height: height).lines.map(\.text)
    }

    @Test("shows the show, the episode, the ticking position, the device and the keys")
    func draws() {
        let lines = text(state(), after: 2)
        #expect(lines[0] == "Craft, Code & Curiosity")
        #expect(lines[1] == "Ep. 42 — Naming things")
        #expect(lines[2].hasPrefix("▶ 12:36 / 1:02:03 ━"))
        #expect(lines[3] == "on Kitchen speaker")
        #expect(lines.last?.hasPrefix("n note · v voice · space pause · ←/→") == true)
        #expect(lines.count == 30)
        #expect(lines.allSatisfy { Cells.width($0) <= 100 })
    }

    @Test("paused, the position stands still and space offers to play")
    func paused() {
        let lines = text(state(playing: false), after: 5)
        #expect(lines[2].hasPrefix("⏸ 12:34 / 1:02:03"))
        #expect(lines.last?.contains("space play") == true)
    }

    @Test("notes around the position, in playback order, the nearest one marked as playback passes it")
    func notes() {
        let marks = WatchScreen.render(state(notesAt: [60_000, 750_000, 900_000]), at: start, width: 100, height: 30).lines
        let rows = marks.filter { $0.text.contains("note at") }
        #expect(rows.map(\.text) == ["   1:00  note at 60 #t", "▸ 12:30  note at 750 #t", "  15:00  note at 900 #t"])
        #expect(rows[1].style == .highlight)
        let later = text(state(notesAt: [60_000, 750_000, 900_000]), after: 146)
        #expect(later.contains("▸ 15:00  note at 900 #t"))
    }

    @Test("at 40 columns names are cut first; the position and bar stay")
    func narrow() {
        let lines = text(state(name: String(repeating: "Long episode name ", count: 5)), width: 40)
        #expect(lines.allSatisfy { Cells.width($0) <= 40 })
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[2].hasPrefix("▶ 12:34 / 1:02:03 ━"))
        #expect(text(state(), width: 12)[2] == "▶ 12:34 / 1…")
    }

    @Test("a short screen keeps the position line and the footer")
    func short() {
        let lines = text(state(), height: 3)
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("▶ 12:34") })
        #expect(lines.last?.hasPrefix("n note") == true)
    }

    @Test("names and notes with control characters reach the screen harmless")
    func sanitized() {
        var evil = state(notesAt: [754_000], name: "Ep\u{1B}]0;pwned\u{07} 1")
        evil.notes[0].text = "x\u{1B}[2J\u{9B}y"
        let lines = text(evil)
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
    }

    @Test("the note being written shows its fixed pin and its text; the footer its keys")
    func draft() {
        var writing = state()
        let seen = writing.moment(at: start)
        writing.draft = WatchState.Draft(seen: seen, unknown: nil, pin: PinRules.pin(seen: seen, unknown: nil), editor: LineEditor("cache"))
        let frame = WatchScreen.render(writing, at: start + .seconds(60), width: 100, height: 30)
        #expect(frame.lines[28].text == "note at 12:34 › cache")
        #expect(frame.lines[29].text == "Enter save · Esc cancel")
        #expect(frame.cursor?.row == 28)
    }

    @Test("at 80 columns the footer ends with its keys; news too long to share it goes above, and the footer keeps every key")
    func footerFits() {
        var busy = state()
        busy.problem = "Spotify is rate limiting; next check in 12 s"
        #expect(text(busy, width: 80).last == "Spotify is rate limiting; next check in 12 s · ? keys · q quit")
        busy.say("saved 1a2b3c4d at 12:34 in Ep. 42 — Naming things", at: start)
        let lines = text(busy, width: 80)
        #expect(lines.suffix(3) == ["Spotify is rate limiting; next check in 12 s", "saved 1a2b3c4d at 12:34 in Ep. 42 — Naming things",
                                    "n note · v voice · space pause · ←/→ -15s/+30s · ? keys · q quit"], "\(lines)")
        #expect(text(state(), width: 80).last == "n note · v voice · space pause · ←/→ -15s/+30s · ? keys · q quit")
    }

    /// What a reader reads on `lines`: the words, in order, whatever lines they were wrapped on.
    static func read(_ lines: some Sequence<String>) -> String {
        lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
    }

    /// Every key of the view and what `?` says of it.
    static let keys = [
        ("n", "note at this moment: type it, Enter saves, Esc cancels"),
        ("v", "voice note at this moment: Enter or 2 s of silence saves, Esc drops it"),
        ("space", "pause, or play when paused"), ("←", "back 15 s"), ("→", "forward 30 s"),
        ("q", "quit (Ctrl-C too)"), ("? or h", "these keys; ? or Esc hides them"),
    ]

    /// The rows `?` gave `key`: its own, and those under it that go on with its description.
    static func entry(_ key: String, in lines: [String]) -> [String]? {
        guard let first = lines.firstIndex(where: { $0.hasPrefix("  \(key) ") }) else { return nil }
        let rest = lines[(first + 1)...].prefix { $0.hasPrefix("          ") && $0.count > 10 }
        return [lines[first]] + rest
    }

    @Test("? lists every key on a line of its own above the footer, each description whole, from 80 down to 40 columns",
          arguments: [80, 60, 50, 40])
    func keysHelp(width: Int) throws {
        var session = state(notesAt: [60_000, 750_000, 900_000])
        session.showingKeys = true
        let lines = text(session, width: width, height: 24)
        #expect(lines.allSatisfy { Cells.width($0) <= width && !$0.hasSuffix("…") }, "nothing is cut: \(lines)")
        #expect(lines.last == "? or Esc hides the keys · q quit")
        for (key, does) in Self.keys {
            let rows = try #require(Self.entry(key, in: lines), "\(key) has a line of its own: \(lines)")
            #expect(Self.read(rows) == Self.read([key, does]), "\(key): \(rows)")
        }
        #expect(Self.entry("? or h", in: Array(lines.dropLast()))?.last == lines.dropLast().last, "the list ends above the footer")
        #expect(lines[2].hasPrefix("▶ 12:34 / 1:02:03"), "the position line stays")
        session.showingKeys = false
        #expect(Self.entry("space", in: text(session, width: width, height: 24)) == nil)
    }

    @Test("a message too long for the footer is wrapped on lines of its own above it, whole with its remedy, at 80 and 60 columns",
          arguments: [80, 60])
    func longMessage(width: Int) {
        let failure = "the recorder 'parecord' failed (Connection failure: Connection refused); " +
            "check that a microphone is connected, the sound server runs and you may use it"
        var failed = state()
        failed.say(failure, at: start)
        let lines = text(failed, width: width, height: 24)
        #expect(lines.allSatisfy { Cells.width($0) <= width && !$0.hasSuffix("…") }, "\(lines)")
        let footer = width >= 64 ? "n note · v voice · space pause · ←/→ -15s/+30s · ? keys · q quit" : "? keys · q quit"
        #expect(lines.last == footer)
        let news = Array(lines.dropLast().reversed().prefix { !$0.isEmpty }.reversed())
        #expect(news.count >= 2, "\(lines)")
        #expect(Self.read(news) == failure, "\(lines)")

        // While a note is written, the news goes above it; the cursor stays on the note.
        let seen = failed.moment(at: start)
        failed.draft = WatchState.Draft(seen: seen, unknown: nil, pin: PinRules.pin(seen: seen, unknown: nil), editor: LineEditor("half"))
        let frame = WatchScreen.render(failed, at: start, width: width, height: 24)
        #expect(frame.lines.suffix(2).map(\.text) == ["note at 12:34 › half", "Enter save · Esc cancel"])
        #expect(frame.cursor?.row == 22)
        #expect(Self.read(frame.lines.dropLast(2).map(\.text)).hasSuffix(failure))
    }

    @Test("wrapping breaks at spaces, counts cells, and loses nothing; only a word longer than a line is broken")
    func wrap() {
        #expect(Cells.wrap("check that a microphone is connected", width: 12) == ["check that a", "microphone", "is connected"])
        #expect(Cells.wrap("日本語の ノート", width: 8) == ["日本語の", "ノート"])
        #expect(Cells.wrap("/a/very/long/path/to/a/file", width: 10) == ["/a/very/lo", "ng/path/to", "/a/file"])
        #expect(Cells.wrap("", width: 10) == [""])
    }

    @Test("a rate limit shows in the footer before the keys")
    func problem() {
        var limited = state()
        limited.problem = "Spotify is rate limiting; next check in 12 s"
        #expect(text(limited, width: 120).last?.hasPrefix("Spotify is rate limiting; next check in 12 s · n note") == true)
        #expect(text(limited).last == "Spotify is rate limiting; next check in 12 s · ? keys · q quit", "too narrow for every key")
        limited.problem = String(repeating: "a long problem ", count: 10) + "retrying in 3 s"
        let lines = text(limited, width: 100)
        #expect(lines.last?.hasPrefix("n note · v voice") == true)
        #expect(lines.dropLast().last?.hasSuffix("retrying in 3 s") == true)
    }

    @Test("styles are SGR sequences only with colour; under NO_COLOR the text is plain")
    func noColor() {
        let line = ScreenLine(text: "▸ 12:34  a note", style: .highlight)
        #expect(ScreenWriter.styled(line, colour: true) == "\u{1B}[7m▸ 12:34  a note\u{1B}[0m")
        #expect(ScreenWriter.styled(line, colour: false) == "▸ 12:34  a note")
    }
}
