import NoteStore

extension Hub {
    /// What a push sent and what the hub made of it.
    struct Pushed {
        /// The changes the hub took.
        var changes: [(id: String, hlc: String)] = []
        var versions: [(id: String, hlc: String)] = []
        /// The notes whose change the hub turned down: another machine changed them first.
        var rejected: Set<String> = []
        /// The hub's rows whose refused stamps a change replaced, reported as a pull reports them.
        var replaced: [SkippedRow] = []
        /// The counters given to the replaced rows' texts, kept as versions.
        var keptCounters: Int64 = 0
        /// The person's change counter before the push.
        var seq: Int64 = 0
        /// The counter of the push's own last change: what the pusher need not pull back.
        var ownThrough: Int64 = 0
    }

    /// How many pending changes are read from the store at a time.
    static let pushChunk = 5000
    /// How much of the store a push reads through a memory map (``NoteDatabase/mapForPush(_:)``).
    static let pushMap = 1 << 30
    /// Below this many changes a push sends them in one statement; from it, by COPY.
    static let smallPush = 1000

    /// Sends every pending change and earlier text in one transaction.
    ///
    /// The rows go to temporary tables with `COPY`, then a few statements merge them. The hub
    /// takes a change only when it was made on top of the version the hub has (its `base` is
    /// the hub's stamp): a new note, or a fast-forward. A change made beside another machine's
    /// newer version is turned down, and that version is given a new counter so that the pusher
    /// pulls it, merges the two part by part, and pushes the result (``NoteSync``).
    /// A change the hub already has (same stamp) changes nothing, so a push repeated after a
    /// lost connection or a killed process is harmless. A hub version whose stamps `check`
    /// refuses by the hub's clock (nothing a pull applies) turns nothing down: the change
    /// replaces it, and its text is kept as a `conflict` version.
    func push(from store: NoteDatabase, check: HubRowCheck) async throws -> Pushed? {
        let earlierMap = try? store.mapForPush(Self.pushMap)
        defer { if let earlierMap { _ = try? store.mapForPush(earlierMap) } }
        let versions = try store.unpushedVersions()
        // The usual sync has a few changes: read once, as changes. When they fill ``smallPush``
        // they are the first chunk of a COPY, and the rest is read after them in chunks written
        // as COPY rows: PostgreSQL starts on a small first chunk while the next is read.
        let few = try store.pendingChanges(after: "", limit: Self.smallPush)
        let first = few.count < Self.smallPush ? nil : PushChunk(few, limit: Self.smallPush)
        guard !few.isEmpty || !versions.isEmpty else { return nil }
        return try await transaction("BEGIN ISOLATION LEVEL READ COMMITTED") {
            var pushed = Pushed()
            try await query("INSERT INTO margin.account (owner) VALUES (current_user) ON CONFLICT DO NOTHING")
            let counter = try await query("SELECT seq FROM margin.account WHERE owner = current_user FOR UPDATE")
            pushed.seq = try counter.first?.decode(Int64.self) ?? 0
            // The person's machines that listen (`sync --watch`) hear of it when this commits.
            try await execute("SELECT pg_notify(\(Self.channelSQL), '')")
            // A hub that has none of the person's notes (their first push) takes every change as
            // it comes: nothing to compare, so no key on `incoming`, no statistics, no merge.
            let fresh = try await hasNoNotes()
            // The bulk of a first push may take longer than one step may wait.
            return try await patiently(10) {
                try await execute("""
                    CREATE TEMP TABLE incoming (id text \(fresh ? "" : "PRIMARY KEY"), hlc text NOT NULL, text_hlc text NOT NULL,
                                                tags_hlc text NOT NULL, pin_hlc text NOT NULL, base text, deleted boolean NOT NULL, body json)
                    ON COMMIT DROP
                    """)
                if let first {
                    if fresh {
                        try await insertEach(first, from: store, &pushed)
                    } else {
                        try await copyAll(first, from: store, &pushed)
                    }
                } else {
                    try await sendFew(few, &pushed)
                    if fresh { try await insertIncoming(after: pushed.seq) }
                }
                try await execute("""
                    CREATE TEMP TABLE incoming_version (id text NOT NULL, hlc text NOT NULL, kind text NOT NULL, body json NOT NULL)
                    ON COMMIT DROP
                    """)
                if !versions.isEmpty, versions.count < Self.smallPush {
                    var columns = [[String]](repeating: [], count: 4)
                    for version in versions {
                        pushed.versions.append((version.id, version.hlc))
                        let values = [version.id, version.hlc, version.kind, HubBody.encodeVersion(text: version.text, updatedAt: version.updatedAt)]
                        for (index, value) in values.enumerated() { columns[index].append(value) }
                    }
                    try await query("""
                        INSERT INTO incoming_version SELECT id, hlc, kind, body::json
                        FROM unnest(\(columns[0]), \(columns[1]), \(columns[2]), \(columns[3])) AS u(id, hlc, kind, body)
                        """)
                } else if !versions.isEmpty {
                    try await copy(into: "incoming_version", columns: ["id", "hlc", "kind", "body"]) { send in
                        var rows = CopyText()
                        for version in versions {
                            rows.row([version.id, version.hlc, version.kind, HubBody.encodeVersion(text: version.text, updatedAt: version.updatedAt)])
                            pushed.versions.append((version.id, version.hlc))
                        }
                        try await send(rows.take())
                    }
                }
                let (incoming, versionCount) = (Int64(pushed.changes.count), Int64(pushed.versions.count))
                pushed.ownThrough = pushed.seq + incoming + versionCount
                if fresh {
                    try await insertVersions(after: pushed.seq + incoming)
                } else {
                    // A temporary table has no statistics until it is analyzed: without them the
                    // merge's join is planned for a handful of rows.
                    try await execute("ANALYZE incoming")
                    let merged = try await merge(after: pushed.seq, versionsAfter: pushed.seq + incoming, rejectedAfter: pushed.ownThrough,
                                                 check: check)
                    (pushed.rejected, pushed.replaced, pushed.keptCounters) = (merged.rejected, merged.replaced, merged.keptCounters)
                }
                pushed.changes.removeAll { pushed.rejected.contains($0.id) }
                let top = pushed.ownThrough + Int64(pushed.rejected.count) + pushed.keptCounters
                try await execute("UPDATE margin.account SET seq = \(top) WHERE owner = current_user")
                return pushed
            }
        }
    }
}
