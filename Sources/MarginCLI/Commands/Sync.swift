import ArgumentParser
import FileSafety
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteSync
import NoteTransfer
import SpotifyClient

extension MarginCommand {
    /// `margin sync`: converges the local store with the PostgreSQL hub.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Push this machine's changes to the PostgreSQL hub and pull the others'.",
            discussion: """
                The hub is MARGIN_SYNC_URL or sync.url (postgres://USER@HOST:PORT/DATABASE?sslmode=verify-full); \
                the password comes from the URL, PGPASSWORD or ~/.pgpass and is never printed. \
                margin creates its tables on the first sync; to share one database between several \
                people, an administrator runs the SQL of --print-setup-sql once.
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var global: GlobalOptions
        @Flag(name: .shortAndLong, help: "Print {\"pushed\":N,\"pulled\":N,\"conflicts\":N}.") var json = false
        @Flag(help: "Keep syncing every --interval seconds until interrupted.") var watch = false
        @Option(help: "Seconds between syncs with --watch (1 to 3600).") var interval: Double = 30
        @Flag(help: "Print the SQL an administrator runs once to host several people, and exit.") var printSetupSQL = false

        func validate() throws {
            guard interval >= 1, interval <= 3600 else { throw ValidationError("--interval must be from 1 to 3600 seconds") }
        }

        func run() async throws {
            if printSetupSQL { return try Console.out(HubSchema.setupSQL) }
            let settings = try Settings()
            let address = try settings.syncHub()
            let timeout = try settings.syncTimeout()
            let drift = try settings.syncMaxDrift()
            let database = try store.open(settings)
            if global.verbose {
                Console.err("margin: syncing '\(store.path(settings))' with \(address) (sslmode \(address.tlsMode.rawValue), \(address.password == nil ? "no password" : "a password"))")
            }
            guard watch else {
                let report = try await Self.once(database, address, trust: settings.hubTrust, timeout: timeout, maxDrift: drift)
                Self.tell(report)
                return try Console.out(json ? Self.json(report) : Self.human(report))
            }
            // Pushes from the person's other machines are heard at once (LISTEN on the hub); the
            // interval is the fallback should the listening connection drop.
            let listener = HubListener(address, tls: settings.hubTrust.clientConfiguration, timeout: timeout,
                                       retry: .milliseconds(Int(interval * 1000)))
            var failures = 0
            while true {
                let seen = listener.heard
                do {
                    let report = try await Self.once(database, address, trust: settings.hubTrust, timeout: timeout, maxDrift: drift)
                    failures = 0
                    Self.tell(report)
                    if !report.isEmpty {
                        try Console.out(json ? Self.json(report) : "\(LocalTime.clock(Date())) \(Self.human(report))")
                    }
                } catch let error as HubError where error.isUnreachable {
                    // Offline is normal for a laptop, and a hub kept busy by someone else passes:
                    // say so once, keep trying, less often while it lasts.
                    if failures == 0 { Console.err("margin: \(error.localizedDescription)") }
                    failures += 1
                }
                await listener.wait(after: seen, within: .milliseconds(Int(Self.pause(interval, failures: failures) * 1000)))
                try Task.checkCancellation()
            }
        }

        /// The pause before the next sync of `--watch`: the interval, doubled after each failure
        /// in a row, up to 5 minutes (or the interval, when that is longer).
        static func pause(_ interval: Double, failures: Int) -> Double {
            min(interval * Double(1 << min(failures, 10)), max(interval, 300))
        }

        /// One sync over a new connection; every wait on the hub bounded by `timeout`.
        ///
        /// One sync of a store at a time (`notes.sqlite.sync-lock`): two at once would push the
        /// same changes twice and count them twice. A second waits for the first, up to `timeout`.
        static func once(_ database: NoteDatabase, _ address: HubAddress, trust: TrustRoots, timeout: Duration,
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
            let hub = try await Hub.connect(address, tls: trust.clientConfiguration, timeout: timeout)
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
}

/// Another `margin sync` of the same store ran past `sync.timeout`.
/// The lock that keeps one sync of a store at a time cannot be opened (a directory in its place,
/// a read-only folder).
struct SyncLockUnopenable: MarginError {
    let path: String
    let reason: String

    var errorDescription: String? {
        "cannot open the sync lock '\(path)': \(reason); remove what is in its place or make its folder writable, then run 'margin sync' again"
    }
}

struct SyncBusy: MarginError {
    let path: String
    let seconds: Int

    var errorDescription: String? {
        "another margin sync of '\(path)' has been running for more than \(seconds) s (sync.timeout); let it finish, then run 'margin sync' again"
    }

    var exitStatus: ExitStatus { .unreachable }
}
