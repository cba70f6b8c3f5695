import NoteStore
import PostgresNIO

extension Hub {
    /// What a push sent and what the hub made of it.
    struct Pushed {
        var changes: [(id: String, hlc: String)] = []
        var versions: [(id: String, hlc: String)] = []
        var conflicts = 0
        /// The person's change counter before the push (the push's own changes are `seq + 1`).
        var seq: Int64 = 0
    }

    /// How many pending changes are read from the store at a time.
    static let pushChunk = 5000

    /// Sends every pending change and earlier text in one transaction.
    ///
    /// The rows go to temporary tables with `COPY`, then a few statements merge them:
    /// a change whose stamp is newer than the hub's replaces it (counter `seq + 1`); an older
    /// one loses. Either way a text that loses to a concurrent edit, one not made on top of
    /// the other, is kept in `margin.note_version`, and the losing side is given counter
    /// `seq + 2` so that every machine, the pusher too, pulls the winner and the kept text.
    /// A change the hub already has (same stamp) changes nothing, so a push repeated after a
    /// lost connection or a killed process is harmless.
    func push(from store: NoteDatabase) async throws -> Pushed? {
        let versions = try store.unpushedVersions()
        let first = try store.pendingChanges(after: "", limit: Self.pushChunk)
        guard !first.isEmpty || !versions.isEmpty else { return nil }
        return try await transaction {
            var pushed = Pushed()
            try await query("INSERT INTO margin.account (owner) VALUES (current_user) ON CONFLICT DO NOTHING")
            let counter = try await query("SELECT seq FROM margin.account WHERE owner = current_user FOR UPDATE")
            pushed.seq = try counter.first?.decode(Int64.self) ?? 0
            let (won, lost) = (pushed.seq + 1, pushed.seq + 2)
            try await execute("""
                CREATE TEMP TABLE incoming (id text PRIMARY KEY, hlc text NOT NULL, base text, deleted boolean NOT NULL, body json)
                ON COMMIT DROP
                """)
            try await copy(into: "incoming", columns: ["id", "hlc", "base", "deleted", "body"]) { writer in
                var rows = CopyText()
                var chunk = first
                while let last = chunk.last {
                    for change in chunk {
                        rows.row([change.id, change.hlc, change.base, change.note == nil ? "t" : "f", change.note.map(HubBody.encode)])
                        pushed.changes.append((change.id, change.hlc))
                        if rows.count > 1 << 20 { try await writer.write(rows.take()) }
                    }
                    chunk = chunk.count < Self.pushChunk ? [] : try store.pendingChanges(after: last.id, limit: Self.pushChunk)
                }
                if !rows.isEmpty { try await writer.write(rows.take()) }
            }
            try await execute("""
                CREATE TEMP TABLE incoming_version (id text NOT NULL, hlc text NOT NULL, kind text NOT NULL, body json NOT NULL)
                ON COMMIT DROP
                """)
            if !versions.isEmpty {
                try await copy(into: "incoming_version", columns: ["id", "hlc", "kind", "body"]) { writer in
                    var rows = CopyText()
                    for version in versions {
                        rows.row([version.id, version.hlc, version.kind, HubBody.encodeVersion(text: version.text, updatedAt: version.updatedAt)])
                        pushed.versions.append((version.id, version.hlc))
                    }
                    try await writer.write(rows.take())
                }
            }
            pushed.conflicts = try await merge(won: won, lost: lost)
            try await execute("UPDATE margin.account SET seq = \(lost) WHERE owner = current_user")
            return pushed
        }
    }

    /// Merges `incoming` and `incoming_version` into the hub; returns how many changes met a
    /// concurrent edit.
    private func merge(won: Int64, lost: Int64) async throws -> Int {
        let mine = "n.owner = current_user AND n.id = i.id"
        let counted = try await execute("""
            SELECT count(*) FROM incoming i JOIN margin.note n ON \(mine)
            WHERE NOT (i.deleted AND n.deleted)
              AND (i.hlc < n.hlc OR (i.hlc > n.hlc AND i.base IS DISTINCT FROM n.hlc))
            """)
        // The incoming text that lost, and the hub's text that lost to a concurrent edit.
        try await execute("""
            INSERT INTO margin.note_version (id, hlc, kind, body, seq)
            SELECT i.id, i.hlc, 'conflict', i.body, \(lost) FROM incoming i JOIN margin.note n ON \(mine)
            WHERE i.hlc < n.hlc AND NOT i.deleted
            ON CONFLICT DO NOTHING
            """)
        try await execute("""
            INSERT INTO margin.note_version (id, hlc, kind, body, seq)
            SELECT n.id, n.hlc, 'conflict', n.body, \(lost) FROM incoming i JOIN margin.note n ON \(mine)
            WHERE i.hlc > n.hlc AND i.base IS DISTINCT FROM n.hlc AND NOT n.deleted
            ON CONFLICT DO NOTHING
            """)
        // The winner of a change that lost goes out again, so its pusher pulls it.
        try await execute("""
            UPDATE margin.note n SET seq = \(lost) FROM incoming i WHERE \(mine) AND i.hlc < n.hlc
            """)
        try await execute("""
            INSERT INTO margin.note (id, hlc, deleted, body, seq)
            SELECT id, hlc, deleted, body, \(won) FROM incoming
            ON CONFLICT (owner, id) DO UPDATE SET hlc = excluded.hlc, deleted = excluded.deleted, body = excluded.body, seq = excluded.seq
            WHERE margin.note.hlc < excluded.hlc
            """)
        try await execute("""
            INSERT INTO margin.note_version (id, hlc, kind, body, seq)
            SELECT id, hlc, kind, body, \(won) FROM incoming_version
            ON CONFLICT DO NOTHING
            """)
        return try counted.first.map { try Int($0.decode(Int64.self)) } ?? 0
    }
}
