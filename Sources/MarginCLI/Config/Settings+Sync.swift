import FileSafety
import Foundation
import MarginConfig
import MarginViews
import SyncHub

extension Settings {
    /// The hub's URL as set: `MARGIN_SYNC_URL`, then `sync.url`.
    func syncURL() throws -> String {
        let url = environment["MARGIN_SYNC_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? config["sync.url"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url else { throw SettingError.noSyncHub }
        return url
    }

    /// The hub: `MARGIN_SYNC_URL`, then `sync.url`; the password comes from the URL,
    /// `PGPASSWORD` or `~/.pgpass`.
    func syncHub() throws -> HubAddress {
        try HubAddress(try syncURL(), environment: environment)
    }

    /// How margin runs margin-sync for the store at `database`: its path, the words that carry
    /// the settings, and its environment, where the hub's URL goes (never on a command line,
    /// where any user of the machine could read its password).
    func syncHelper(database: String) throws -> SyncHelper {
        let url = try syncURL()
        _ = try HubAddress(url, environment: environment)
        let milliseconds = { (duration: Duration) in String(max(1, Int(duration / .milliseconds(1)))) }
        let words = ["--db", database, "--timeout", milliseconds(try syncTimeout()), "--max-drift", milliseconds(try syncMaxDrift())]
        var environment = environment
        environment["MARGIN_SYNC_URL"] = url
        return SyncHelper(path: try SyncHelper.find(), words: words, environment: environment)
    }
}

/// margin-sync, the program that does `margin sync`'s work (the PostgreSQL client is in it, and
/// loads only when a sync runs): beside margin's executable, or in `../libexec/margin` from it,
/// where `make install` and the package put it.
struct SyncHelper: Sendable {
    var path: String
    var words: [String]
    var environment: [String: String]

    static func find() throws -> String {
        let places = ChildProcess.helperPlaces("margin-sync", beside: ChildProcess.ownExecutable())
        guard let found = places.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw SyncHelperMissing(places: places)
        }
        return found
    }

    /// Runs margin-sync in margin's place with `more` words: its output, exit code and signals are
    /// margin's.
    func exec(_ more: [String]) throws -> Never {
        let failure = ChildProcess.replace(with: [path] + words + more, environment: environment)
        throw SyncHelperMissing(places: [path], reason: failure.text)
    }

    /// Starts margin-sync as a child of margin's with `more` words, its stdout into `output`
    /// and its stderr into `errors`; the child's pid, or the errno of the failed start.
    func start(_ more: [String], output: Int32, errors: Int32) -> Result<pid_t, ChildProcess.Errno> {
        ChildProcess.start([path] + words + more, input: .null, output: .descriptor(output), errors: .descriptor(errors),
                           environment: environment)
    }
}

/// margin-sync is not where margin looks for it.
struct SyncHelperMissing: MarginError {
    let places: [String]
    var reason = "not found"

    var errorDescription: String? {
        "cannot run margin-sync, which does 'margin sync' (\(places.joined(separator: ", ")): \(reason)); install margin again ('make install' puts it in PREFIX/libexec/margin)"
    }
}
