import Foundation
import SyncHub

/// What margin asks of margin-sync, read from its words:
///
///     margin-sync --db PATH --timeout MS --max-drift MS [--json]
///                 [--watch SECONDS [--background] [--parent PID]]
///     margin-sync --print-setup-sql
///
/// The hub is `MARGIN_SYNC_URL` in its environment (margin puts `sync.url` there), so that no
/// password is ever on a command line; the password may also come from `PGPASSWORD` or
/// `~/.pgpass`, as libpq reads them.
struct SyncRequest: Sendable {
    enum Mode: Sendable, Equatable {
        /// One sync, then exit.
        case once
        /// `margin sync --watch`: sync every `interval`, and at once when another machine pushes.
        /// In the background (`margin watch`), every failure is retried quietly.
        case watch(interval: Duration, background: Bool)
        /// Print the SQL an administrator runs once, and exit.
        case setupSQL
    }

    var mode: Mode
    var database: String
    var hub: HubAddress?
    var timeout: Duration
    var maxDrift: Duration
    var json: Bool
    /// margin's pid, for a background sync that must end with it.
    var parent: pid_t?

    /// Words margin-sync cannot read: margin never gives them, so they came from a person.
    struct Unreadable: LocalizedError {
        let reason: String
        var errorDescription: String? {
            "margin-sync: \(reason); margin runs this program itself ('margin sync --help' says what sync takes)"
        }
    }

    init(_ words: [String], environment: [String: String]) throws {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "--json", "--background", "--print-setup-sql":
                flags.insert(word)
            case "--db", "--timeout", "--max-drift", "--watch", "--parent":
                guard let value = rest.popFirst() else { throw Unreadable(reason: "\(word) needs a value") }
                values[word] = value
            default:
                throw Unreadable(reason: "'\(word)' is not one of its words")
            }
        }
        json = flags.contains("--json")
        guard !flags.contains("--print-setup-sql") else {
            (mode, database, hub, timeout, maxDrift, parent) = (.setupSQL, "", nil, .zero, .zero, nil)
            return
        }
        guard let database = values["--db"], !database.isEmpty else { throw Unreadable(reason: "--db is missing") }
        self.database = database
        timeout = try Self.milliseconds(values["--timeout"], "--timeout")
        maxDrift = try Self.milliseconds(values["--max-drift"], "--max-drift")
        if let seconds = values["--watch"] {
            guard let interval = Double(seconds), interval >= 1, interval <= 3600 else {
                throw Unreadable(reason: "--watch takes seconds from 1 to 3600")
            }
            mode = .watch(interval: .milliseconds(Int(interval * 1000)), background: flags.contains("--background"))
        } else {
            mode = .once
        }
        parent = try values["--parent"].map {
            guard let pid = pid_t($0), pid > 1 else { throw Unreadable(reason: "--parent takes a process id") }
            return pid
        }
        guard let url = environment["MARGIN_SYNC_URL"], !url.isEmpty else {
            throw Unreadable(reason: "MARGIN_SYNC_URL is not set")
        }
        hub = try HubAddress(url, environment: environment)
    }

    private static func milliseconds(_ value: String?, _ name: String) throws -> Duration {
        guard let value, let count = Int(value), count > 0 else { throw Unreadable(reason: "\(name) takes milliseconds") }
        return .milliseconds(count)
    }
}
