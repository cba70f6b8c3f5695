import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SyncHub

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
            guard !printSetupSQL else {
                let environment = ProcessInfo.processInfo.environment
                try SyncHelper(path: try SyncHelper.find(), words: [], environment: environment).exec(["--print-setup-sql"])
            }
            let settings = try Settings()
            let helper = try settings.syncHelper(database: store.path(settings))
            if global.verbose {
                let address = try settings.syncHub()
                Console.err("margin: syncing '\(store.path(settings))' with \(address) (sslmode \(address.tlsMode.rawValue), \(address.password == nil ? "no password" : "a password"))")
            }
            // margin-sync does the work in margin's place (the PostgreSQL client is in it):
            // its output, its exit code, and the signals that end --watch.
            try helper.exec((json ? ["--json"] : []) + (watch ? ["--watch", String(interval)] : []))
        }
    }
}
