import FileSafety
import Foundation
import MarginViews
import NoteStore
import NoteSync
import SpotifyClient
import SyncHub

/// One `margin sync`, or its `--watch` loop, as margin-sync runs it.
struct SyncRun: Sendable {
    let request: SyncRequest

    init(_ request: SyncRequest) { self.request = request }

    func run() async -> Never {
        do {
            guard let hub = request.hub else {
                try Console.out(HubSchema.setupSQL)
                exit(0)
            }
            if let parent = request.parent { ParentWatch.endWhenGone(parent) }
            let database = try NoteDatabase(path: request.database)
            let roots = TrustRoots(environment: ProcessInfo.processInfo.environment).hubRoots
            switch request.mode {
            case .once, .setupSQL:
                let report = try await Self.once(database, hub, roots: roots, timeout: request.timeout, maxDrift: request.maxDrift)
                Self.tell(report)
                try Console.out(request.json ? Self.json(report) : Self.human(report))
            case .watch(let interval, let background):
                try await watch(database, hub, roots: roots, interval: interval, background: background)
            }
            exit(0)
        } catch {
            Self.end(error)
        }
    }

    /// `--watch`: a sync every `interval`, and at once when another machine pushes.
    private func watch(_ database: NoteDatabase, _ hub: HubAddress, roots: String?, interval: Duration,
                       background: Bool) async throws {
        // Pushes from the person's other machines are heard at once (LISTEN on the hub); the
        // interval is the fallback should the listening connection drop.
        let listener = HubListener(hub, roots: roots, timeout: request.timeout, retry: interval)
        var failures = 0
        while true {
            let seen = listener.heard
            do {
                let report = try await Self.once(database, hub, roots: roots, timeout: request.timeout, maxDrift: request.maxDrift)
                failures = 0
                Self.tell(report)
                if !report.isEmpty {
                    try Console.out(request.json ? Self.json(report) : "\(LocalTime.clock(Date())) \(Self.human(report))")
                }
            } catch let error where background || (error as? HubError)?.isUnreachable == true {
                // Offline is normal for a laptop, and a hub kept busy by someone else passes:
                // say so once, keep trying, less often while it lasts. In the background
                // (`margin watch`) nothing ends the loop but margin.
                if failures == 0 { Console.err("margin: \((error as? any LocalizedError)?.errorDescription ?? "\(error)")") }
                failures += 1
            }
            await listener.wait(after: seen, within: Self.pause(interval, failures: failures))
            try Task.checkCancellation()
        }
    }

    /// The pause before the next sync of `--watch`: the interval, doubled after each failure
    /// in a row, up to 5 minutes (or the interval, when that is longer).
    static func pause(_ interval: Duration, failures: Int) -> Duration {
        min(interval * (1 << min(failures, 10)), max(interval, .seconds(300)))
    }

    /// Ends margin-sync after `error`: one line on stderr, and the contract's exit code.
    static func end(_ error: any Error) -> Never {
        if let output = error as? OutputFile.Failure, output.isReaderGone { exit(0) }
        Console.err("margin: \((error as? any LocalizedError)?.errorDescription ?? "\(error)")")
        let status: ExitStatus = (error as? HubError)?.isUnreachable == true ? .unreachable : ExitStatus.of(error)
        exit(status.rawValue)
    }
}
