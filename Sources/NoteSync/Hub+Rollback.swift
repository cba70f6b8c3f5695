import NoteStore

extension Hub {
    /// What a store remembers of the hub after a sync: the person's counter and epoch, and the
    /// newest row it saw there (its id and stamp), to find the hub rolled back next time.
    struct Mark {
        static let keys = (seq: "mark_seq", id: "mark_id", hlc: "mark_hlc", epoch: "epoch")

        /// The hub's state now, as values for the store.
        ///
        /// A newest row whose stamp `check` refuses is no mark (empty id and stamp): the next
        /// change of its note replaces it with a lower stamp, which is no rollback.
        static func values(seq: Int64, epoch: String, newest: (id: String, hlc: String)?, check: HubRowCheck) -> [String: String] {
            var values = [keys.seq: String(seq), keys.epoch: epoch]
            if let newest {
                let sound = check.problem(stamp: newest.hlc) == nil
                (values[keys.id], values[keys.hlc]) = sound ? (newest.id, newest.hlc) : ("", "")
            }
            return values
        }
    }

    /// The person's counter and epoch on the hub (0 and "" before their first push).
    func standing() async throws -> (seq: Int64, epoch: String) {
        let row = try await query("SELECT seq, epoch FROM margin.account WHERE owner = current_user").first
        return try row?.decode((Int64, String).self) ?? (0, "")
    }

    /// The person's newest row on the hub.
    ///
    /// The owner is compared as text in the column's collation (see ``ownerIsMe``), so that
    /// PostgreSQL reads the last entry of `note_by_seq` rather than every row.
    func newestRow() async throws -> (id: String, hlc: String)? {
        try await query("SELECT id, hlc FROM margin.note WHERE \(unescaped: Self.ownerIsMe) ORDER BY seq DESC LIMIT 1").first?
            .decode((String, String).self)
    }

    /// `owner = current_user`, in a form PostgreSQL can look up in an index on `owner`.
    ///
    /// `current_user` is a `name`, whose collation ("C") is not the column's: compared as it
    /// is, the owner is only a filter, and a look-up by owner and id reads every entry of the
    /// key for that id alone (row-level security's own `owner = current_user` stays as well).
    static let ownerIsMe = #"owner = current_user::text COLLATE "default""#

    /// Why the hub is not where the store left it, or nil. `values` are the store's (``Mark``);
    /// a marked row whose stamp `check` refuses (kept by an earlier margin) is not compared.
    func rollback(since values: [String: String], check: HubRowCheck) async throws -> Rollback? {
        let keys = Mark.keys
        let (seq, epoch) = try await standing()
        if let known = values[keys.epoch], known != epoch {
            return .toldByAnother("another machine found it restored from a backup")
        }
        return try await behind(values, seq: seq, check: check).map(Rollback.found)
    }

    /// How a store learns the hub was rolled back.
    enum Rollback {
        /// This machine found it: it gives the person a new epoch, for the others.
        case found(String)
        /// Another machine found it and changed the epoch: nothing more to tell.
        case toldByAnother(String)

        var reason: String {
            switch self {
            case .found(let reason), .toldByAnother(let reason): reason
            }
        }
    }

    /// Why the hub is behind what the store saw of it, or nil.
    private func behind(_ values: [String: String], seq: Int64, check: HubRowCheck) async throws -> String? {
        let keys = Mark.keys
        if let known = values[keys.seq].flatMap(Int64.init), seq < known {
            return "its change counter (\(seq)) is behind this machine's (\(known))"
        }
        if let id = values[keys.id], let hlc = values[keys.hlc], !id.isEmpty, check.problem(stamp: hlc) == nil {
            let row = try await query("SELECT hlc, seq FROM margin.note WHERE \(unescaped: Self.ownerIsMe) AND id = \(id)").first
            guard let (found, foundSeq) = try row?.decode((String, Int64).self) else { return "note \(id.prefix(8)) it had is gone" }
            // A row written since the mark (its counter past the mark's) replaced the one marked,
            // as a push replaces a row whose stamp it refuses: no rollback.
            let moved = values[keys.seq].flatMap(Int64.init).map { foundSeq > $0 } ?? false
            if found < hlc, !moved { return "note \(id.prefix(8)) is older there than this machine saw it" }
        }
        return nil
    }

    /// Gives the person a new epoch (their other machines start over when they see it).
    func newEpoch() async throws -> String {
        try await query("INSERT INTO margin.account (owner) VALUES (current_user) ON CONFLICT DO NOTHING")
        let row = try await query("UPDATE margin.account SET epoch = gen_random_uuid()::text WHERE owner = current_user RETURNING epoch")
        return try row.first?.decode(String.self) ?? ""
    }
}
