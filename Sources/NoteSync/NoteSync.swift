import Foundation
import NoteStore
import SyncHub

/// What a sync moved: the contract's `{"pushed":N,"pulled":N,"conflicts":N}`, with the hub
/// rows it skipped and whether it started over with the hub.
public struct SyncReport: Sendable, Equatable, Codable {
    /// Local changes (notes, edits, tags, pins, deletes) the hub received.
    public var pushed = 0
    /// Changes from other machines applied here.
    public var pulled = 0
    /// Changes that met a concurrent edit of the same note; the losing text is kept as a version.
    public var conflicts = 0
    /// Hub rows not applied, each once: they failed the checks every hub row goes through.
    /// A row whose stamps fail is named again when this machine's change replaces it on the
    /// hub (``HubRowCheck/replacement(of:seq:by:hubNow:)``).
    public var skipped: [SkippedRow] = []
    /// The store met a hub other than the one it synced with (a new hub, or one restored
    /// from a backup) and started over with it.
    public var hubReset = false
    /// Why, in a clause: "its change counter (12) is behind this machine's (40)".
    public var resetReason: String?

    public init(pushed: Int = 0, pulled: Int = 0, conflicts: Int = 0) {
        self.pushed = pushed
        self.pulled = pulled
        self.conflicts = conflicts
    }

    /// Whether anything happened worth a line of `--watch`.
    public var isEmpty: Bool { self == SyncReport() }
}

/// Converging a store with the hub.
public enum NoteSync {
    /// How many push-and-pull rounds one sync runs at most.
    static let rounds = 4

    /// Pushes the store's changes to `hub`, then pulls everything it lacks.
    ///
    /// The push is one PostgreSQL transaction, and each page of the pull is one store
    /// transaction with its cursor: stopping at any moment (a killed process, a lost
    /// connection) leaves both sides consistent, and the next sync finishes the job without
    /// duplicating anything. Errors are ``HubError`` or `NoteStoreError`.
    ///
    /// Hub stamps more than `maxDrift` ahead of this machine's clock are refused with their row.
    public static func sync(_ store: NoteDatabase, with hub: Hub, maxDrift: Duration = .seconds(86_400)) async throws -> SyncReport {
        let check = HubRowCheck(maxDrift: maxDrift, now: Date())
        do {
            return try await converge(store, hub, check)
        } catch let error as NoteStoreError {
            throw error
        } catch {
            throw HubError.classify(error, hub: hub.name, timeout: hub.timeout)
        }
    }

    private static func converge(_ store: NoteDatabase, _ hub: Hub, _ check: HubRowCheck) async throws -> SyncReport {
        let identity = try await hub.prepare()
        var report = SyncReport()
        let values = try store.hubValues()
        let known = values["hub"]
        if known != identity {
            try store.startOver(hub: identity)
            // A first sync is no reset; another hub (or this one under a new id) is.
            report.hubReset = known != nil
            if known != nil { report.resetReason = "it is another hub than the one this machine synced with" }
        } else if let rollback = try await hub.rollback(since: values, check: check) {
            // Restored from a backup: what this store knows of it is wrong. Everything is
            // pushed again (the hub takes what it lacks) and read from its start; the machine
            // that found it tells the person's other machines by a new epoch.
            try store.startOver(hub: identity)
            if case .found = rollback { try store.setHubValues([Hub.Mark.keys.epoch: try await hub.newEpoch()]) }
            (report.hubReset, report.resetReason) = (true, rollback.reason)
        }
        // A change the hub turned down (another machine changed the note first) is merged by
        // the pull that follows and pushed again; a few rounds settle even a busy note.
        for _ in 0..<Self.rounds {
            let pushed = try await hub.push(from: store, check: check)
            if let pushed {
                var cursor = try Hub.Cursor(store)
                // Nobody else wrote since this store last read everything: its own changes, the
                // push's counter, need not come back.
                let skipOwn = pushed.seq == 0 || cursor.drained == pushed.seq
                if skipOwn { cursor.skip(through: pushed.ownThrough) }
                try store.markPushed(pushed.changes, versions: pushed.versions, hubValues: skipOwn ? cursor.values : [:])
                report.pushed += pushed.changes.count
                report.skipped += pushed.replaced
            }
            let pulled = try await hub.pull(into: store, check: check)
            report.pulled += pulled.notes
            report.conflicts += pulled.conflicts
            report.skipped += pulled.skipped
            guard let pushed, !pushed.rejected.isEmpty else { break }
        }
        // Where this sync left the hub: the next one checks it is still there.
        let (seq, epoch) = try await hub.standing()
        let mark = Hub.Mark.values(seq: seq, epoch: epoch, newest: try await hub.newestRow(), check: check)
        let stored = try store.hubValues()
        if mark.contains(where: { stored[$0.key] != $0.value }) { try store.setHubValues(mark) }
        return report
    }
}
