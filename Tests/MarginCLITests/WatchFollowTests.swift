import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// The interactive `margin watch` following what happens elsewhere (another device changes
/// the episode, pauses, resumes) and keeping its own seeks, driven through tmux.
@Suite("margin watch follows playback", .serialized)
struct WatchFollowTests {
    static let naming = "Ep. 42 — Naming things"
    static let lighthouse = ("kODGd9wu8KuW6Hyt1HWbbN", "The lighthouse keepers' logbooks")
    static let errors = ("3EN0073pWBRaBavYtttD1S", "Ep. 43 — Error messages are UI")
    /// One poll (3 s while playing, 5 s paused or idle) after the one that may be under way
    /// when playback changes, and room for a loaded machine; the view used to take from 15 s
    /// to 50 s.
    static let onePoll: Duration = .seconds(12)

    func start(_ sandbox: Sandbox, _ arguments: [String] = ["watch"]) async throws -> TmuxSession {
        try await TmuxSession.start(arguments, environment: sandbox.environment(), in: sandbox.root)
    }

    @Test("an episode started elsewhere shows within one poll: after the view paused, while playing, and after nothing played")
    func episodeChange() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.naming) && $0.contains("▶") }
            // A few polls while playing, as a listener's view has made before pausing.
            try await waitFor { await sandbox.apiRequests().filter { $0.path == "/v1/me/player" }.count >= 5 }
            try await tmux.press("Space")
            try await tmux.waitForScreen { $0.contains("⏸") }
            // The view shows the pause before Spotify has it: the pause must reach the emulator
            // before playback changes there, or it would pause the episode started elsewhere.
            try await waitFor { await sandbox.apiRequests().contains { $0.method == "PUT" && $0.path == "/v1/me/player/pause" } }
            // How soon a change shows once the quick polls after the pause are over (one idle poll,
            // 5 s) is the schedule's rule, checked on instants in PollScheduleTests ("after a long
            // pause…"), not waited out here.

            // Resumed elsewhere, on another episode.
            try await sandbox.emulator.setPlayback(.init(kind: .episode, id: Self.lighthouse.0, progressMs: 60_000, isPlaying: true))
            try await tmux.waitForScreen(timeout: Self.onePoll) { $0.contains(Self.lighthouse.1) && $0.contains("▶") }

            try await sandbox.emulator.setPlayback(.init(kind: .episode, id: Self.errors.0, progressMs: 0, isPlaying: true))
            try await tmux.waitForScreen(timeout: Self.onePoll) { $0.contains(Self.errors.1) }

            try await sandbox.emulator.setPlayback(.nothing)
            try await tmux.waitForScreen(timeout: Self.onePoll) { $0.contains("nothing playing") }
            try await sandbox.emulator.setPlayback(.init(kind: .episode, id: Self.lighthouse.0, progressMs: 0, isPlaying: true))
            try await tmux.waitForScreen(timeout: Self.onePoll) { $0.contains(Self.lighthouse.1) }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test("→ then n pins after the seek, even while Spotify still answers with the old position; episodes shows the new one")
    func seekThenNote() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 600_000, isPlaying: true), library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            // The library caches the position it lists.
            _ = try await sandbox.array("episodes", "--annotated", "--json")
            let tmux = try await start(sandbox)
            defer { tmux.stop() }
            try await tmux.waitForScreen { $0.contains(Self.naming) && $0.contains("▶") }

            // Spotify is slow to carry the seek out: polls made meanwhile still see the old position.
            try await sandbox.emulator.addFault(.delay(ms: 10_000, path: "/v1/me/player/seek"))
            await sandbox.emulator.clearRequestLog()
            let before = await sandbox.progress()
            let pressed = ContinuousClock.now
            try await tmux.press("Right")
            // The view polls one request at a time, and quickly after a change: a poll is asked
            // for once the one before's stale answer (the position before the seek) was taken in,
            // which the view shows no sign of. The first logged may have been under way before
            // the key; the second was asked for a poll's interval after it, so the third shows
            // the second's answer taken in.
            try await waitFor { await sandbox.apiRequests().count { $0.path == "/v1/me/player" } >= 3 }
            #expect(await sandbox.apiRequests().allSatisfy { $0.path != "/v1/me/player/seek" }, "the seek is still under way")
            try await tmux.press("n")
            let elapsed = ContinuousClock.now - pressed
            try await tmux.waitForScreen { $0.contains("Enter save · Esc cancel") }
            try await tmux.type("after the seek")
            try await tmux.press("Enter")
            try await tmux.waitForScreen { $0.contains("saved ") }
            // Once the seek is done, the view polls to confirm it.
            try await waitFor {
                let paths = await sandbox.apiRequests().map(\.path)
                return paths.firstIndex(of: "/v1/me/player/seek").map { paths[$0...].contains("/v1/me/player") } ?? false
            }
            try await tmux.press("q")
            #expect(try await tmux.exitStatus() == 0)

            let note = try await sandbox.notes("list", "--json").first { $0["text"] as? String == "after the seek" }
            let progress = try #require(note?["progress_ms"] as? Int)
            let expected = before + 30_000 + Int(elapsed / .milliseconds(1))
            #expect(abs(progress - expected) <= 2500, "pinned after the seek (about \(expected)), not before it: \(progress)")

            _ = try await sandbox.margin("pause")
            let paused = await sandbox.progress()
            let listed = try await sandbox.array("episodes", "--annotated", "--json")
            let position = listed.first { $0["id"] as? String == Catalog.naming }?["resume_position_ms"] as? Int ?? 0
            #expect(position == paused, "the position after watch's seek, not the cached 10:00")
        }
    }

    /// Waits for `condition` with a generous limit: the machine may be loaded.
    func waitFor(_ condition: () async -> Bool) async throws {
        try await waitUntil("the condition", within: .seconds(30)) { await condition() }
    }
}
