import FileSafety
import Foundation
import MarginViews
import NoteStore
import NoteSync
import NoteTransfer
import SpotifyClient
import SyncHub

extension SyncRun {
    /// One sync over a new connection; every wait on the hub bounded by `timeout`.
    ///
    /// One sync of a store at a time (`notes.sqlite.sync-lock`): two at once would push the
    /// same changes twice and count them twice. A second waits for the first, up to `timeout`.
    static func once(_ database: NoteDatabase, _ address: HubAddress, roots: String?, timeout: Duration,
                     maxDrift: Duration) async throws -> SyncReport {
        let lock: FileLock?
        if let path = database.path {
            do {
                lock = try await FileLock.acquire(path + ".sync-lock", timeout: timeout)
            } catch .held {
                throw SyncBusy(path: path, seconds: Int(timeout.components.seconds))
            } catch .unopenable(let reason) {
                // Without the lock a second sync could push the same changes twice.
                throw SyncLockUnopenable(path: path + ".sync-lock", reason: reason)
            } catch {
                throw CancellationError()
            }
        } else {
            lock = nil
        }
        defer { lock?.release() }
        // A first pull killed midway left its listing indexes out: built here, whether or
        // not the hub answers (no pull is under way: this process holds the sync lock).
        try database.buildListingIndexesIfLeft()
        let hub = try await Hub.connect(address, roots: roots, timeout: timeout)
        do {
            let report = try await NoteSync.sync(database, with: hub, maxDrift: maxDrift)
            await hub.close()
            return report
        } catch {
            await hub.close()
            throw error
        }
    }

    /// How many skipped hub rows stderr names one by one.
    static let skippedShown = 10

    static func human(_ report: SyncReport) -> String {
        let line = "pushed \(report.pushed), pulled \(report.pulled), conflicts \(report.conflicts)"
        return report.conflicts == 0 ? line : line + " (each losing text is kept: margin show ID --history)"
    }

    /// Says on stderr what a sync did beyond moving notes: each hub row it skipped (once:
    /// the next sync is past it), and a start over with a hub it did not know.
    static func tell(_ report: SyncReport) {
        if report.hubReset {
            let why = report.resetReason.map { " (\($0))" } ?? ""
            Console.err("margin: the sync hub is not where this machine left it\(why): everything this machine has was pushed again and the hub read from its start")
        }
        // A hub with many bad rows is told in a screenful; --json lists them all.
        for row in report.skipped.prefix(Self.skippedShown) {
            Console.err("margin: skipped hub row \(Terminal.sanitize(row.hubID)): \(Terminal.sanitize(row.reason)); the other rows were applied")
        }
        if report.skipped.count > Self.skippedShown {
            Console.err("margin: … and \(Plural.of(report.skipped.count - Self.skippedShown, "more hub row")) skipped ('margin sync --json' lists every one)")
        }
    }

    static func json(_ report: SyncReport) -> String {
        let skipped = report.skipped.map { "{\"hub_id\":\(NoteEncoding.string($0.hubID)),\"reason\":\(NoteEncoding.string($0.reason))}" }
        return "{\"pushed\":\(report.pushed),\"pulled\":\(report.pulled),\"conflicts\":\(report.conflicts),"
            + "\"skipped\":[\(skipped.joined(separator: ","))],\"hub_reset\":\(report.hubReset)}"
    }
}

/// The lock that keeps one sync of a store at a time cannot be opened (a directory in its place,
/// a read-only folder).
struct SyncLockUnopenable: MarginError {
    let path: String
    let reason: String

    var errorDescription: String? {
        "cannot open the sync lock '\(path)': \(reason); remove what is in its place or make its folder writable, then run 'margin sync' again"
    }
}

/// Another `margin sync` of the same store ran past `sync.timeout`.
struct SyncBusy: MarginError {
    let path: String
    let seconds: Int

    var errorDescription: String? {
        "another margin sync of '\(path)' has been running for more than \(seconds) s (sync.timeout); let it finish, then run 'margin sync' again"
    }

    var exitStatus: ExitStatus { .unreachable }
}
