import GRDB

/// How a push reads the store.
extension NoteDatabase {
    /// Reads up to `bytes` of the file through a memory map while a push runs; returns the size
    /// the map had, which the push hands back here when it ends.
    ///
    /// A push reads every pending note in id order, which visits the note table's pages out of
    /// order, most of them several times: with SQLite's 2 MiB page cache each visit was a
    /// `pread` copying the page from the kernel's cache, about 0.2 s of system time for
    /// 100 000 notes. Mapped, the pages are read where they lie. `bytes` 0 turns the map off.
    @discardableResult
    package func mapForPush(_ bytes: Int) throws(NoteStoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                let earlier = try Int.fetchOne(db, sql: "PRAGMA mmap_size") ?? 0
                try db.execute(sql: "PRAGMA mmap_size = \(max(0, bytes))")
                return earlier
            }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// The columns of a ``pendingRows(after:limit:_:)`` row after the note's 14.
    package enum PendingColumn {
        /// The note's id, its stamp, and the hub's stamp it was made on (NULL when none).
        package static let (id, hlc, base) = (14, 15, 16)
        /// 1 for a tombstone (a deleted note, or one whose row is gone).
        package static let tombstone = 17
        /// The stamps of the last change to the text, the tags and the pin.
        package static let parts = 18..<21
    }

    /// Hands over, in place, up to `limit` pending changes with ids after `after`, in id order:
    /// ``Note/selection``'s columns (NULL for a tombstone), then ``PendingColumn``'s.
    ///
    /// What ``pendingChanges(after:limit:)`` reads, without making a ``Note`` of each: a push
    /// of 100 000 notes spent about a third of its time making strings, dates and tag arrays
    /// only to encode them again. The row is valid only inside `body`.
    package func pendingRows(after: String, limit: Int, _ body: (NoteRow) throws -> Void) throws(NoteStoreError) {
        do {
            try writer.read { db in
                let statement = try db.makeStatement(sql: """
                    SELECT \(Note.selection), s.note_id, s.hlc, s.base_hlc, s.deleted OR note.seq IS NULL,
                           coalesce(s.text_hlc, s.hlc), coalesce(s.tags_hlc, s.hlc), coalesce(s.pin_hlc, s.hlc)
                    FROM sync_state s LEFT JOIN note ON note.id = s.note_id
                    WHERE s.pending AND s.note_id > ? ORDER BY s.note_id LIMIT ?
                    """)
                let rows = try Row.fetchCursor(statement, arguments: [after, limit])
                let sqlite = statement.sqliteStatement
                while let row = try rows.next() {
                    try body(NoteRow(statement: sqlite, row: row, db: db))
                }
            }
        } catch let error as NoteStoreError {
            throw error
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }
}
