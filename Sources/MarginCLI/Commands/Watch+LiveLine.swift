import Foundation
import SpotifyClient
import MarginViews
import FileSafety
#if canImport(Glibc)
import Glibc
#endif

/// Terminal `watch`: one line redrawn in place, ticking every second between polls.
struct LiveLine {
    let poller: PlaybackPoller

    /// The latest poll, shared by the poll loop and the ticker.
    actor Latest {
        var snapshot: PlaybackSnapshot?
        var status: String?
        /// False until the first poll answers: "nothing playing" before then would be a guess.
        var polled = false
        func set(_ snapshot: PlaybackSnapshot?, status: String?) {
            self.snapshot = snapshot
            self.status = status
            polled = true
        }
        func set(status: String?) { self.status = status }
    }

    func run() async throws {
        let interrupt = Self.interruptHandler()
        defer { interrupt.end() }
        try OutputFile.standardOutput.write("\u{1B}[?25l")
        // Best effort: when the terminal is gone there is no cursor left to show.
        defer { try? OutputFile.standardOutput.write("\u{1B}[?25h\n") }
        let latest = Latest()
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                // A failed redraw stops the ticking; the poll loop's next redraw reports it.
                do { try await Self.draw(latest) } catch { return }
            }
        }
        defer { ticker.cancel() }
        for try await event in poller {
            switch event {
            case .snapshot(let snapshot): await latest.set(snapshot, status: nil)
            case .rateLimited(_, let next): await latest.set(status: "rate limited by Spotify; next check in \(next.components.seconds) s")
            case .failed(let error, let next): await latest.set(status: "\(error.errorDescription ?? "poll failed"); retrying in \(next.components.seconds) s")
            }
            try await Self.draw(latest)
        }
    }

    static func draw(_ latest: Latest) async throws(OutputFile.Failure) {
        let (snapshot, status, polled) = await (latest.snapshot, latest.status, latest.polled)
        var text: String
        if !polled {
            text = "asking Spotify what is playing…"
        } else if let snapshot {
            let view = PlaybackView(snapshot)
            let fraction = Double(view.progressMs ?? 0) / Double(max(view.durationMs ?? 1, 1))
            text = "\(view.title) · \(Terminal.bar(fraction: fraction)) \(view.clock) \(view.symbol)"
        } else {
            text = "⏹ nothing playing"
        }
        if let status { text += "  (\(status))" }
        try OutputFile.standardOutput.write("\r\u{1B}[2K\(Terminal.fit(text, width: Terminal.width()))")
    }

    /// On Ctrl-C: show the cursor again, end the line, exit 130.
    static func interruptHandler() -> Signals.Scope {
        Signals.Scope(handling: [SIGINT]) { _ in
            try? OutputFile.standardOutput.write("\u{1B}[?25h\r\u{1B}[2K")
            exit(130)
        }
    }
}
