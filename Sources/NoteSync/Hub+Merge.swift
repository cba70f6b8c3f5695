import Foundation
import NoteStore

extension Hub {
    /// What a merge did with the changes not made on top of the hub's version of their note.
    struct Merged {
        /// The ids of the changes it turned down: another machine changed the note first.
        var rejected: Set<String> = []
        /// The hub's rows it replaced: their stamps are refused (``HubRowCheck/replacement(of:seq:by:hubNow:)``).
        var replaced: [SkippedRow] = []
        /// The counters it gave the replaced rows' texts, kept as versions after the turned-down changes'.
        var keptCounters: Int64 = 0
    }

    /// Merges `incoming` and `incoming_version` into the hub.
    ///
    /// Every row written gets a counter of its own, in blocks after the person's counter: the
    /// taken changes after `after` (by id), the earlier texts after `versionsAfter`, and the
    /// versions the hub keeps in place of turned-down changes after `rejectedAfter`, so that
    /// a pull pages through them by the counter alone.
    ///
    /// A change not made on top of the hub's version is turned down, unless `check` refuses
    /// that version's stamps as a pull would, by the hub's clock: the change then takes its
    /// place, and the text it replaces is kept as a `conflict` version, with a counter after
    /// the turned-down changes', for every machine to pull.
    func merge(after: Int64, versionsAfter: Int64, rejectedAfter: Int64, check: HubRowCheck) async throws -> Merged {
        let clashes = try await query("""
            SELECT n.id, n.hlc, n.text_hlc, n.tags_hlc, n.pin_hlc, n.seq, i.hlc, i.text_hlc, i.tags_hlc, i.pin_hlc
            FROM incoming i JOIN margin.note n ON n.\(unescaped: Self.ownerIsMe) AND n.id = i.id
            WHERE n.hlc <> i.hlc AND i.base IS DISTINCT FROM n.hlc
            ORDER BY n.id
            """)
        var merged = Merged()
        var rejected: [String] = []
        var replaced: (ids: [String], stamps: [String], kept: [String]) = ([], [], [])
        let hubNow = clashes.isEmpty ? Date() : try await clock()
        for row in clashes {
            let (id, hlc, text, tags, pin, seq, mine, myText, myTags, myPin) = try row.decode(
                (String, String?, String?, String?, String?, Int64, String?, String?, String?, String?).self)
            let stored = NoteDatabase.HubRecord(id: id, hlc: hlc ?? "", parts: [text ?? "", tags ?? "", pin ?? ""], body: nil)
            let incoming = NoteDatabase.HubRecord(id: id, hlc: mine ?? "", parts: [myText ?? "", myTags ?? "", myPin ?? ""], body: nil)
            if let row = check.replacement(of: stored, seq: seq, by: incoming, hubNow: hubNow) {
                merged.replaced.append(row)
                replaced.ids.append(id)
                replaced.stamps.append(stored.hlc)
                replaced.kept.append(check.keptStamp(of: stored, hubNow: hubNow))
            } else {
                rejected.append(id)
            }
        }
        if !rejected.isEmpty {
            try await query("""
                UPDATE margin.note n SET seq = \(rejectedAfter) + r.rank
                FROM unnest(\(rejected)::text[]) WITH ORDINALITY AS r(id, rank)
                WHERE n.\(unescaped: Self.ownerIsMe) AND n.id = r.id
                """)
        }
        // A replaced row's text is kept before the change overwrites it, as a text that lost.
        if !replaced.ids.isEmpty {
            let keptAfter = rejectedAfter + Int64(rejected.count)
            try await query("""
                INSERT INTO margin.note_version (id, hlc, kind, body, seq)
                SELECT n.id, r.kept, 'conflict', json_build_object('text', n.body->>'text', 'updated_at', n.body->>'updated_at'),
                       \(keptAfter) + r.rank
                FROM unnest(\(replaced.ids)::text[], \(replaced.stamps)::text[], \(replaced.kept)::text[]) WITH ORDINALITY AS r(id, hlc, kept, rank)
                JOIN margin.note n ON n.\(unescaped: Self.ownerIsMe) AND n.id = r.id AND n.hlc = r.hlc
                WHERE json_typeof(n.body->'text') = 'string' AND json_typeof(n.body->'updated_at') = 'string'
                ON CONFLICT DO NOTHING
                """)
            merged.keptCounters = Int64(replaced.ids.count)
        }
        // A replaced row is named by its stamp too: the change replaces the row the check read.
        try await query("""
            INSERT INTO margin.note (id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq)
            SELECT id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, \(after) + row_number() OVER (ORDER BY id) FROM incoming
            ON CONFLICT (owner, id) DO UPDATE SET
                hlc = excluded.hlc, text_hlc = excluded.text_hlc, tags_hlc = excluded.tags_hlc, pin_hlc = excluded.pin_hlc,
                deleted = excluded.deleted, body = excluded.body, seq = excluded.seq
            WHERE margin.note.hlc = (SELECT base FROM incoming WHERE incoming.id = excluded.id)
               OR (margin.note.id, margin.note.hlc) IN (SELECT * FROM unnest(\(replaced.ids)::text[], \(replaced.stamps)::text[]))
            """)
        try await insertVersions(after: versionsAfter)
        merged.rejected = Set(rejected)
        return merged
    }

    /// The hub's clock: what a row's stamp is judged by when a push replaces it.
    func clock() async throws -> Date {
        let row = try await query("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint").first
        let milliseconds = try row?.decode(Int64.self) ?? Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
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
