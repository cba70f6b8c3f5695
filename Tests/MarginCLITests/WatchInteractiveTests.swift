import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// The interactive `margin watch`, driven through tmux against the emulator.
@Suite("margin watch on a terminal", .serialized)
struct WatchInteractiveTests {
    static let episode = "Ep. 42 — Naming things"

    func start(_ sandbox: Sandbox, _ arguments: [String] = ["watch"], env: [String: String] = [:]) async throws -> TmuxSession {
        try await TmuxSession.start(arguments, environment: sandbox.environment(env), in: sandbox.root)
    }

    @Test("draws the episode and its notes; n pins at the key press, Enter saves, Esc saves nothing; q restores the terminal")
    func notes() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("an earlier thought", "--at", "12:00")
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen {
                $0.contains(Self.episode) && $0.contains("an earlier thought") && $0.contains("/ 1:02:03") && $0.contains("on Kitchen speaker")
            }

            let atPress = await sandbox.progress()
            try await tmux.press("n")
            try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
            let seen = await sandbox.progress()
            for word in ["cache ", "stampedes ", "#caching"] { try await tmux.type(word) }
            // Typing takes a while: Spotify's position at Enter is 30 s past the press, and the view
            // has seen it (two polls since the move: the first one's answer was taken in).
            let polls = await sandbox.apiRequests().count
            try await sandbox.emulator.advanceClock(by: .seconds(30))
            try await waitFor { await sandbox.apiRequests().count >= polls + 2 }
            try await tmux.press("Enter")
            try await tmux.waitForScreen { $0.contains("cache stampedes #caching") && $0.contains("saved ") }
            let saved = try await sandbox.notes("list", "--json").first { ($0["text"] as? String)?.hasPrefix("cache") == true }
            let progress = try #require(saved?["progress_ms"] as? Int)
            #expect(Self.pinnedAtPress(progress, pressed: atPress, seen: seen), "pinned at the key press (\(atPress)), not at Enter: \(progress)")
            #expect(saved?["tags"] as? [String] == ["caching"])
            #expect(saved?["text"] as? String == "cache stampedes", "the #tag is a tag, not text too")
            #expect(saved?["item_name"] as? String == Self.episode)

            try await tmux.press("n")
            try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
            try await tmux.type("never mind")
            try await tmux.press("Escape")
            try await tmux.waitForScreen { $0.contains("nothing was saved") }
            #expect(try await sandbox.notes("list", "--json").count == 2)
            try await tmux.press("?")
            try await tmux.waitForScreen { $0.contains("voice note at this moment") && $0.contains("forward 30 s") }

            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
            let settings = try tmux.terminalSettings()
            #expect(settings.before == settings.after, "the terminal is restored")
        }
    }

    /// Every key of the view and what `?` says it does.
    static let keys = [
        ("n", "note at this moment: type it, Enter saves, Esc cancels"),
        ("v", "voice note at this moment: Enter or 2 s of silence saves, Esc drops it"),
        ("space", "pause, or play when paused"), ("←", "back 15 s"), ("→", "forward 30 s"),
        ("q", "quit (Ctrl-C too)"), ("? or h", "these keys; ? or Esc hides them"),
    ]

    /// What a reader reads on `lines`: the words, in order, whatever lines they were wrapped on.
    static func read(_ lines: some Sequence<some StringProtocol>) -> String {
        lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
    }

    /// Whether `screen` lists every key on a row of its own, its description whole on that row
    /// and the rows under it, and nothing on screen is cut.
    static func listsEveryKey(_ screen: String) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.contains(where: { $0.hasSuffix("…") }) else { return false }
        return keys.allSatisfy { key, does in
            guard let first = lines.firstIndex(where: { $0.hasPrefix("  \(key) ") }) else { return false }
            let more = lines[(first + 1)...].prefix { $0.hasPrefix("          ") && $0.count > 10 }
            return read([lines[first]] + more) == read([key, does])
        }
    }

    @Test("? lists every key with its whole description above the footer at 80 and 60 columns; ? hides it, and Esc hides it without quitting",
          arguments: [80, 60])
    func keysListed(width: Int) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await TmuxSession.start(["watch"], environment: sandbox.environment(), in: sandbox.root, width: width, height: 24)
            defer { tmux.stop() }
            let footer = width >= 64 ? "n note · v voice · space pause" : "? keys · q quit"
            try await tmux.waitForScreen { $0.contains(Self.episode) && $0.contains(footer) }
            try await tmux.press("?")
            let listed = try await tmux.waitForScreen { Self.listsEveryKey($0) }
            #expect(listed.contains("? or Esc hides the keys · q quit"), "\(listed)")
            try await tmux.press("?")
            try await tmux.waitForScreen { $0.contains(footer) && !$0.contains("forward 30 s") }

            try await tmux.press("?")
            try await tmux.waitForScreen { Self.listsEveryKey($0) }
            try await tmux.press("Escape")
            try await tmux.waitForScreen { $0.contains(footer) && !$0.contains("forward 30 s") }
            // Still running, and still taking keys: Esc neither quit nor ended anything.
            try await tmux.press("?")
            try await tmux.waitForScreen { Self.listsEveryKey($0) }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("space pauses and resumes, arrows seek, and an episode change is followed")
    func playback() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }

            try await tmux.press("Space")
            try await waitFor { await !sandbox.emulator.currentState().playback.isPlaying }
            try await tmux.waitForScreen { $0.contains("⏸") }
            try await tmux.press("Space")
            try await waitFor { await sandbox.emulator.currentState().playback.isPlaying }

            let before = await sandbox.progress()
            try await tmux.press("Right")
            try await waitFor { await sandbox.progress() >= before + 25_000 }
            let forward = await sandbox.progress()
            try await tmux.press("Left")
            // 15 s back: behind where → left it, however long the machine took to carry either out.
            try await waitFor { await sandbox.progress() < forward }

            try await sandbox.emulator.setPlayback(.init(kind: .episode, id: "kODGd9wu8KuW6Hyt1HWbbN", progressMs: 60_000, isPlaying: true))
            try await tmux.waitForScreen { $0.contains("The lighthouse keepers' logbooks") && $0.contains("Tidewater Histories") }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("with --pause-on-note, n pauses and saving resumes, one request each")
    func pauseOnNote() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox, ["watch", "--pause-on-note"])
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }
            try await tmux.press("n")
            try await waitFor { await !sandbox.emulator.currentState().playback.isPlaying }
            try await tmux.type("paused for this")
            try await tmux.press("Enter")
            try await waitFor { await sandbox.emulator.currentState().playback.isPlaying }
            try await tmux.waitForScreen { $0.contains("saved ") }
            let requests = await sandbox.apiRequests()
            #expect(requests.filter { $0.path == "/v1/me/player/pause" }.count == 1)
            #expect(requests.filter { $0.path == "/v1/me/player/play" }.count == 1)
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("a 429 with Retry-After shows in the footer and the view goes on; a 40-column resize redraws")
    func rateLimitAndResize() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }
            try await sandbox.emulator.addFault(.init(kind: .status, path: "/v1/me/player", method: "GET", status: 429, retryAfter: 12))
            try await tmux.waitForScreen { $0.contains("rate limiting") }
            try await tmux.waitForScreen(timeout: .seconds(40)) { !$0.contains("rate limiting") && $0.contains(Self.episode) }

            try await tmux.resize(width: 40, height: 20)
            let narrow = try await tmux.waitForScreen { screen in
                screen.split(separator: "\n").contains { $0.hasPrefix("▶ ") && $0.contains("/ 1:02:03 ━") }
            }
            #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 40 })
            try await tmux.press("C-c")
            #expect(try await tmux.exitStatus() == 130)
            let settings = try tmux.terminalSettings()
            #expect(settings.before == settings.after)
        }
    }

    @Test("SIGTERM, SIGHUP and a crash (SIGABRT) end the view with the terminal restored", arguments: [SIGTERM, SIGHUP, SIGABRT])
    func terminated(signal: Int32) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }
            try await tmux.signalMargin(signal)
            #expect(try await tmux.exitStatus() == 128 + signal)
            let settings = try tmux.terminalSettings()
            #expect(settings.before == settings.after)
        }
    }

    @Test("a note being typed is saved when the view ends: Enter and q in one read, Ctrl-C, SIGTERM, SIGHUP; only Esc discards",
          arguments: ["Enter q", "C-c", "SIGTERM", "SIGHUP"])
    func draftSavedOnQuit(way: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }
            let atPress = await sandbox.progress()
            try await tmux.press("n")
            try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
            let seen = await sandbox.progress()
            let text = "half a thought before \(way)"
            try await tmux.type(text)
            try await tmux.waitForScreen { $0.contains(text) }
            let expected: Int32
            switch way {
            case "Enter q": try await tmux.press("Enter", "q"); expected = 0
            case "C-c": try await tmux.press("C-c"); expected = 130
            case "SIGTERM": try await tmux.signalMargin(SIGTERM); expected = 128 + SIGTERM
            default: try await tmux.signalMargin(SIGHUP); expected = 128 + SIGHUP
            }
            #expect(try await tmux.exitStatus() == expected)
            let saved = try await sandbox.notes("list", "--json").first { $0["text"] as? String == text }
            let progress = try #require(saved?["progress_ms"] as? Int, "the typed note was stored")
            #expect(Self.pinnedAtPress(progress, pressed: atPress, seen: seen), "pinned at the key press (\(atPress)): \(progress)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying, "playback is as it was")
            let settings = try tmux.terminalSettings()
            #expect(settings.before == settings.after)
        }
    }

    @Test("a note typed while Spotify fails is saved, pinned from the last known position")
    func offline() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.episode) }
            try await sandbox.emulator.addFault(.init(kind: .status, path: "/v1/*", status: 503, count: 100))
            try await tmux.waitForScreen(timeout: .seconds(40)) { $0.contains("retrying in") }
            try await tmux.press("n")
            try await tmux.type("still here")
            try await tmux.press("Enter")
            try await tmux.waitForScreen { $0.contains("saved ") }
            await sandbox.emulator.clearFaults()
            let saved = try await sandbox.notes("list", "--json").first
            #expect(saved?["text"] as? String == "still here")
            #expect(saved?["pinned"] as? Bool == true)
            #expect(saved?["item_name"] as? String == Self.episode)
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("n pins by the same rules as margin note: note.lead taken off, never before 0:00, the same reason when unpinned")
    func sameRulesAsNote() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            // Paused, so that the position does not move between the two captures.
            try await sandbox.emulator.setPlayback(.init(progressMs: 60_000, isPlaying: false))
            for (lead, expected) in [("20", 40_000), ("90", 0)] {
                #expect(try await sandbox.margin("config", "set", "note.lead", lead).status == 0)
                _ = try await sandbox.take("by note, lead \(lead)")
                let tmux = try await start(sandbox)
                defer { tmux.stop() }
                try await tmux.waitForScreen { $0.contains(Self.episode) }
                try await tmux.press("n")
                try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
                try await tmux.type("by watch, lead \(lead)")
                try await tmux.press("Enter")
                try await tmux.waitForScreen { $0.contains("saved ") }
                try await tmux.press("q")
                #expect(try await tmux.exitStatus() == 0)
                let notes = try await sandbox.notes("list", "--json")
                let byNote = notes.first { $0["text"] as? String == "by note, lead \(lead)" }
                let byWatch = notes.first { $0["text"] as? String == "by watch, lead \(lead)" }
                #expect(byNote?["progress_ms"] as? Int == expected)
                #expect(byWatch?["progress_ms"] as? Int == expected)
            }

            // Nothing playing: both save the note unpinned, and say the same reason.
            try await sandbox.emulator.setPlayback(.nothing)
            let note = try await sandbox.margin("note", "nothing on")
            #expect(note.stderr.contains("saved unpinned (nothing is playing on Spotify)"))
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains("nothing playing") }
            try await tmux.press("n")
            try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
            try await tmux.type("nothing on either")
            try await tmux.press("Enter")
            try await tmux.waitForScreen { $0.contains("unpinned (nothing is playing on Spotify)") }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    /// Whether a pin `progress` was taken at the key press: from 1.5 s before the position
    /// read just before the key was sent (the view's position lags a poll's answer) to shortly
    /// after the one read once the view showed the key was taken (a loaded machine may deliver
    /// the key late), never at a later key such as Enter.
    static func pinnedAtPress(_ progress: Int, pressed: Int, seen: Int) -> Bool {
        (pressed - 1500...seen + 500).contains(progress)
    }

    /// Waits for `condition` with a generous limit: the machine may be loaded.
    func waitFor(timeout: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
        try await waitUntil("the condition", within: timeout) { await condition() }
    }
}
