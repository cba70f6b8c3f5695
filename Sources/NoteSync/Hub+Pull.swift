import NoteStore
import NoteTransfer

extension Hub {
    /// How many rows a pull asks for, and applies in one store transaction, at a time.
    static let pullPage = 10_000
    /// Where a pull resumes: the counter of the last note and earlier text applied.
    struct Cursor {
        var noteSeq: Int64 = 0
        var versionSeq: Int64 = 0
        /// The person's counter when a pull last read everything up to it; -1 before that.
        var drained: Int64 = -1

        init(_ store: NoteDatabase) throws {
            let values = try store.hubValues()
            noteSeq = values["note_seq"].flatMap { Int64($0) } ?? 0
            versionSeq = values["version_seq"].flatMap { Int64($0) } ?? 0
            drained = values["drained"].flatMap { Int64($0) } ?? -1
        }

        var values: [String: String] {
            ["note_seq": String(noteSeq), "version_seq": String(versionSeq), "drained": String(drained)]
        }

        /// Past everything up to `seq`: nothing at or below it needs pulling.
        mutating func skip(through seq: Int64) {
            (noteSeq, versionSeq, drained) = (seq, seq, seq)
        }
    }

    /// What a pull brought.
    struct Pulled {
        var notes = 0
        var conflicts = 0
        /// Rows not applied: they failed ``HubRowCheck``.
        var skipped: [SkippedRow] = []
    }

    /// Applies every note and earlier text the hub has past the store's cursor.
    ///
    /// One read-only transaction at repeatable read gives every page the same snapshot, so the
    /// pages fit together; each page is applied with its cursor in one store transaction, so
    /// a pull that stops anywhere resumes where it stopped.
    ///
    /// Every row is checked first (``HubRowCheck``): one that fails is skipped and reported,
    /// the cursor moves past it, and the clock never adopts its stamp.
    func pull(into store: NoteDatabase, check: HubRowCheck) async throws -> Pulled {
        var cursor = try Cursor(store)
        try store.prepareForPull()
        return try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            var pulled = Pulled()
            let top = try await query("SELECT coalesce((SELECT seq FROM margin.account WHERE owner = current_user), 0)")
                .first?.decode(Int64.self) ?? 0
            // Each page is read in counter order from `note_by_seq` (`note_version_by_seq`),
            // whatever the statistics: without any (a hub just written, before autovacuum comes
            // by; a role that does not own the tables may not ANALYZE them) the planner expects
            // a handful of rows, and reads every remaining row of the person and sorts them, for
            // every page. With these off the index is the only plan left; JIT too, since a plan
            // left with only a disabled path is costed far above JIT's threshold.
            try await execute("""
                SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
                       set_config('enable_sort', 'off', true), set_config('jit', 'off', true)
                """)
            // A first pull of many notes is written without the indexes only reading needs,
            // built once at its end, and without WAL (see the store's `enterBulkPull`): every
            // page still commits with its cursor.
            let bulk = try store.enterBulkPull(incoming: top - cursor.noteSeq)
            defer { if bulk { store.leaveBulkPull() } }
            // The next page is read and checked while the store applies this one.
            var next: Task<NotePage, any Error>? = notePage(after: cursor.noteSeq, limit: Self.pullPage, check: check)
            do {
                while let reading = next {
                    let page = try await reading.value
                    next = page.rows == page.limit ? notePage(after: page.lastSeq, limit: Self.pullPage, check: check) : nil
                    pulled.skipped += page.skipped
                    guard page.rows > 0 else { break }
                    cursor.noteSeq = page.lastSeq
                    let applied = try store.apply(
                        page.records, versions: [], cursor: cursor.values, parsed: page.parsed, newest: page.newest.flatMap(HybridTimestamp.init))
                    pulled.notes += applied.notes
                    pulled.conflicts += applied.conflicts
                }
            } catch {
                // The page under way ends before the transaction does.
                _ = await next?.result
                throw error
            }
            while true {
                let rows = try await query("""
                    SELECT id, hlc, kind, body::text, seq FROM margin.note_version
                    WHERE \(unescaped: Self.ownerIsMe) AND seq > \(cursor.versionSeq)
                    ORDER BY seq LIMIT \(Self.pullPage)
                    """)
                var versions: [NoteDatabase.HubVersion] = []
                for row in rows {
                    let (id, hlc, kind, body, seq) = try row.decode((String?, String?, String?, String?, Int64).self)
                    cursor.versionSeq = seq
                    let version = NoteDatabase.HubVersion(id: id ?? "", hlc: hlc ?? "", kind: kind ?? "", body: body ?? "")
                    if let problem = check.problem(version) {
                        pulled.skipped.append(SkippedRow(hubID: HubRowCheck.printable(id ?? ""), reason: "earlier text, row \(seq): " + problem))
                    } else {
                        versions.append(version)
                    }
                }
                guard !rows.isEmpty else { break }
                _ = try store.apply([], versions: versions, cursor: cursor.values)
                if rows.count < Self.pullPage { break }
            }
            // Nothing new: leave the store alone (a write is an fsync).
            if cursor.drained != top {
                cursor.drained = top
                try store.setHubValues(cursor.values)
            }
            return pulled
        }
    }

    /// Notes read from the hub and checked, ready for the store.
    struct NotePage: Sendable {
        var records: [NoteDatabase.HubRecord] = []
        /// The notes of ``records`` as the row checks read them, for the store to write.
        var parsed = ParsedNotes()
        /// Rows that failed ``HubRowCheck``.
        var skipped: [SkippedRow] = []
        /// Rows read, checked or not: fewer than ``limit`` means the last page.
        var rows = 0
        /// The rows asked for.
        var limit: Int
        /// The counter of the page's last row.
        var lastSeq: Int64
        /// The latest stamp of ``records``, found while reading them (stamps compare as text).
        var newest: String?
    }

    /// A part's stamp as a pull reads it: NULL when it is the row's own stamp (most are, and
    /// the row's string is then used again instead of another decoded), '' when the hub has
    /// none (which the row check refuses).
    private static func part(_ column: String) -> String {
        "CASE WHEN \(column) = hlc THEN NULL ELSE coalesce(\(column), '') END"
    }

    /// Starts reading the page of notes after `seq`; the rows are checked on the way, off the
    /// thread that writes the store.
    private func notePage(after seq: Int64, limit: Int, check: HubRowCheck) -> Task<NotePage, any Error> {
        Task {
            let rows = try await query("""
                SELECT id, hlc, \(unescaped: Self.part("text_hlc")), \(unescaped: Self.part("tags_hlc")), \(unescaped: Self.part("pin_hlc")), body::text, seq
                FROM margin.note
                WHERE \(unescaped: Self.ownerIsMe) AND seq > \(seq)
                ORDER BY seq LIMIT \(limit)
                """)
            var page = NotePage(rows: rows.count, limit: limit, lastSeq: seq)
            page.records.reserveCapacity(rows.count)
            let latest = check.latestText
            for row in rows {
                let (id, hlc, text, tags, pin, body, seq) = try row.decode((String?, String?, String?, String?, String?, String?, Int64).self)
                page.lastSeq = seq
                let stamp = hlc ?? ""
                let record = NoteDatabase.HubRecord(id: id ?? "", hlc: stamp, parts: [text ?? stamp, tags ?? stamp, pin ?? stamp], body: body)
                if let problem = check.problem(record, parsed: &page.parsed, latest: latest) {
                    page.skipped.append(SkippedRow(hubID: HubRowCheck.printable(id ?? ""), reason: "row \(seq): " + problem))
                } else {
                    page.records.append(record)
                    if page.newest.map({ $0 < record.hlc }) ?? true { page.newest = record.hlc }
                }
            }
            return page
        }
    }
}
