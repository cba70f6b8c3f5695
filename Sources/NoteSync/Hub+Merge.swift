import PostgresNIO

extension Hub {
    /// Merges `incoming` and `incoming_version` into the hub; returns the ids it turned down.
    ///
    /// Every row written gets a counter of its own, in blocks after the person's counter: the
    /// taken changes after `after` (by id), the earlier texts after `versionsAfter`, and the
    /// versions the hub keeps in place of turned-down changes after `rejectedAfter`, so that
    /// a pull pages through them by the counter alone.
    func merge(after: Int64, versionsAfter: Int64, rejectedAfter: Int64) async throws -> Set<String> {
        let rejected = try await execute("""
            UPDATE margin.note n SET seq = \(rejectedAfter) + r.rank FROM (
                SELECT n.id, row_number() OVER (ORDER BY n.id) AS rank FROM incoming i
                JOIN margin.note n ON n.\(Self.ownerIsMe) AND n.id = i.id
                WHERE n.hlc <> i.hlc AND i.base IS DISTINCT FROM n.hlc
            ) r
            WHERE n.\(Self.ownerIsMe) AND n.id = r.id
            RETURNING n.id
            """)
        try await execute("""
            INSERT INTO margin.note (id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
            SELECT id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, \(after) + row_number() OVER (ORDER BY id) FROM incoming
            ON CONFLICT (owner, id) DO UPDATE SET
                hlc = excluded.hlc, text_hlc = excluded.text_hlc, tags_hlc = excluded.tags_hlc, pin_hlc = excluded.pin_hlc,
                deleted = excluded.deleted, body = excluded.body, seq = excluded.seq
            WHERE margin.note.hlc = (SELECT base FROM incoming WHERE incoming.id = excluded.id)
            """)
        try await insertVersions(after: versionsAfter)
        return Set(try rejected.map { try $0.decode(String.self) })
    }

    /// Writes the notes in `incoming` into a hub that has none of the person's notes, with
    /// counters after `after`.
    ///
    /// Nothing there to turn down or fast-forward: a plain insert, with none of `ON CONFLICT`'s
    /// work per row (a look-up in the key before each insert, a second write to confirm it),
    /// which was most of a first push's time in PostgreSQL. The account's row, locked by the
    /// push, keeps another push of the person's from writing in between.
    func insertIncoming(after: Int64) async throws {
        try await execute("""
            INSERT INTO margin.note (id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
            SELECT id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, \(after) + row_number() OVER () FROM incoming
            """)
    }

    /// Writes the earlier texts the hub lacks, each with a counter after `after`.
    func insertVersions(after: Int64) async throws {
        try await execute("""
            INSERT INTO margin.note_version (id, hlc, kind, body, seq)
            SELECT id, hlc, kind, body, \(after) + row_number() OVER (ORDER BY id, hlc) FROM incoming_version
            ON CONFLICT DO NOTHING
            """)
    }

    /// Whether the hub holds none of the person's notes, tombstones included.
    func hasNoNotes() async throws -> Bool {
        try await execute("SELECT NOT EXISTS (SELECT 1 FROM margin.note WHERE \(Self.ownerIsMe))").first?.decode(Bool.self) ?? false
    }
}
