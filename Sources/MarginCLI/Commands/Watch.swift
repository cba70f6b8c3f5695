import ArgumentParser
import Foundation
import SpotifyClient
import MarginConfig
import MarginViews
import Synchronization

extension MarginCommand {
    /// `margin watch`: a live view of what is playing.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Watch what is playing, live.",
            discussion: """
                On a terminal, a full-screen view: the episode, its position ticking every second, and its \
                notes around the position. Keys: n note (pinned at the key press; Enter saves, Esc cancels), \
                v voice note, space pause/resume, ←/→ back 15 s / forward 30 s, ? keys, q quit. Piped, it prints \
                one line for the first state and one per change (item, play/pause, seek). Polls every --interval \
                seconds (3) while playing and every 5 s (or --interval, if longer) while paused or when nothing \
                plays, so that a change made on another device shows within one poll; waits as long as a rate \
                limit's Retry-After asks, and backs off while Spotify fails.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "Seconds between polls while playing.") var interval: Double = 3
        @Flag(help: "Pause playback while a note is written (config watch.pause-on-note).") var pauseOnNote = false

        func validate() throws {
            guard interval >= 1, interval <= 3600 else {
                throw ValidationError("--interval must be from 1 to 3600 seconds, e.g. --interval 3")
            }
        }

        func run() async throws {
            let settings = try Settings()
            let api = try settings.connection(verbose: global.verbose).api
            let pulled = PulledNotes()
            let syncing = try backgroundSync(settings, pulled: pulled)
            defer { syncing?.cancel() }
            if Console.stdoutIsTerminal, Console.stdinIsTerminal {
                try await InteractiveWatch(settings: settings, api: api, store: store, interval: interval,
                                           pauseOnNote: pauseOnNote, pulled: pulled).run()
                return
            }
            let poller = PlaybackPoller(policy: PollPolicy(playingEvery: .milliseconds(Int(interval * 1000))),
                                        fetch: { try await api.currentlyPlaying() })
            if Console.stdoutIsTerminal {
                try await LiveLine(poller: poller).run()
            } else {
                try await ChangeLog(poller: poller).run()
            }
        }

        /// margin-sync beside the view, with `sync.auto = true` (``BackgroundSync``).
        private func backgroundSync(_ settings: Settings, pulled: PulledNotes) throws -> BackgroundSync? {
            guard try settings.syncAuto() else { return nil }
            return try BackgroundSync.start(try settings.syncHelper(database: store.path(settings)), pulled: pulled)
        }
    }
}

/// Piped `watch`: a line for the first state and for every change after it.
struct ChangeLog {
    let poller: PlaybackPoller
    /// A position this far from where it should be by now counts as a seek.
    static let seekTolerance = 3000

    func run() async throws {
        var previous: PlaybackSnapshot?? = .none
        for try await event in poller {
            switch event {
            case .snapshot(let snapshot):
                if case .some(let last) = previous, !Self.changed(from: last, to: snapshot) { continue }
                previous = .some(snapshot)
                try Console.out(Self.line(snapshot))
            case .rateLimited(_, let next):
                Console.err("margin: Spotify is rate limiting; next check in \(next.components.seconds) s")
            case .failed(let error, let next):
                Console.err("margin: \(error.errorDescription ?? "poll failed"); next check in \(next.components.seconds) s")
            }
        }
    }

    static func line(_ snapshot: PlaybackSnapshot?) -> String {
        let stamp = Timestamp.string(snapshot?.receivedAt ?? Date())
        guard let snapshot else { return "\(stamp) ⏹ nothing playing" }
        let view = PlaybackView(snapshot, at: snapshot.receivedAt)
        return "\(stamp) \(view.symbol) \(view.title) · \(view.clock)"
    }

    static func changed(from old: PlaybackSnapshot?, to new: PlaybackSnapshot?) -> Bool {
        guard let old, let new else { return (old == nil) != (new == nil) }
        if old.kind != new.kind || old.itemID != new.itemID || old.isPlaying != new.isPlaying { return true }
        guard let expected = old.position(at: new.receivedAt), let actual = new.progressMs else { return false }
        return abs(actual - expected) > seekTolerance
    }
}

/// Tells the interactive view that a background sync brought notes, or why it stopped, once
/// the view is up.
final class PulledNotes: Sendable {
    private let listener = Mutex<(@Sendable (String?) -> Void)?>(nil)

    /// `heard` is given nil for notes that arrived, a message when the background sync stopped.
    func listen(_ heard: @escaping @Sendable (String?) -> Void) { listener.withLock { $0 = heard } }

    func arrived() { listener.withLock { $0 }?(nil) }

    func stopped(_ why: String) { listener.withLock { $0 }?(why) }
}
