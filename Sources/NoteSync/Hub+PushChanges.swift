import NoteStore

extension Hub {
    /// The columns of `incoming`, in the order a push writes them.
    private static let incomingColumns = ["id", "hlc", "text_hlc", "tags_hlc", "pin_hlc", "base", "deleted", "body"]

    /// Writes a few changes (the usual sync) to `incoming` in one statement, not COPY.
    ///
    /// Column arrays, unnested: text goes in as bound text and becomes json by the same input
    /// function COPY uses (a text's NUL escape included).
    func sendFew(_ changes: [NoteDatabase.Change], _ pushed: inout Pushed) async throws {
        var columns = [[String]](repeating: [], count: 7)
        var deleted: [Bool] = []
        for change in changes {
            pushed.changes.append((change.id, change.hlc))
            let values = [change.id, change.hlc] + change.parts + [change.base ?? "", change.note.map(HubBody.encode) ?? ""]
            for (index, value) in values.enumerated() { columns[index].append(value) }
            deleted.append(change.note == nil)
        }
        try await query("""
            INSERT INTO incoming SELECT id, hlc, text_hlc, tags_hlc, pin_hlc, NULLIF(base, ''), deleted, NULLIF(body, '')::json
            FROM unnest(\(columns[0]), \(columns[1]), \(columns[2]), \(columns[3]), \(columns[4]), \(columns[5]), \(deleted), \(columns[6]))
                AS u(id, hlc, text_hlc, tags_hlc, pin_hlc, base, deleted, body)
            """)
    }

    /// Copies `first` and every later pending change into `incoming`, in one COPY, for the merge.
    func copyAll(_ first: PushChunk, from store: NoteDatabase, _ pushed: inout Pushed) async throws {
        try await copy(into: "incoming", columns: Self.incomingColumns) { send in
            try await eachChunk(from: first, of: store) { chunk in
                try await Self.write(chunk.rows, to: send)
                pushed.changes += chunk.changes
            }
        }
    }

    /// Writes `first` and every later pending change into a hub that has none of the person's
    /// notes, a chunk at a time: each is copied into `incoming`, inserted, and cleared.
    ///
    /// PostgreSQL inserts one chunk while margin reads the next from the store, rather than
    /// inserting them all after the last is sent: for 100 000 notes the insert (about 0.65 s
    /// of PostgreSQL's time) no longer follows the copy but runs beside the reading.
    func insertEach(_ first: PushChunk, from store: NoteDatabase, _ pushed: inout Pushed) async throws {
        try await eachChunk(from: first, of: store) { chunk in
            let after = pushed.seq + Int64(pushed.changes.count)
            try await copy(into: "incoming", columns: Self.incomingColumns) { send in
                try await Self.write(chunk.rows, to: send)
            }
            pushed.changes += chunk.changes
            try await insertIncoming(after: after)
            try await execute("TRUNCATE incoming")
        }
    }

    /// The most bytes one COPY message carries: a chunk of long notes is sent in slices, well
    /// under PostgreSQL's limit on a message (1 GB) and the wire's 32-bit length.
    static let copyMessage = 4 << 20

    /// Writes `rows` to the COPY, in slices of at most ``copyMessage`` bytes.
    static func write(_ rows: [UInt8], to send: ([UInt8]) async throws -> Void) async throws {
        guard rows.count > copyMessage else { return try await send(rows) }
        var start = 0
        while start < rows.count {
            let end = min(start + copyMessage, rows.count)
            try await send(Array(rows[start..<end]))
            start = end
        }
    }

    /// Runs `body` on `first` and each later chunk of pending changes, in id order; the next
    /// chunk is read and encoded while `body` sends this one.
    private func eachChunk(from first: PushChunk, of store: NoteDatabase, _ body: (PushChunk) async throws -> Void) async throws {
        var chunk = first
        while let last = chunk.lastID {
            let reading = chunk.isLast ? nil : Task {
                try PushChunk.read(from: store, after: last, limit: Self.pushChunk)
            }
            do {
                try await body(chunk)
            } catch {
                _ = await reading?.result
                throw error
            }
            guard let reading else { return }
            chunk = try await reading.value
        }
    }
}
