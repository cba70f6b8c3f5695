import GRDB

/// How a push reads the store.
extension NoteDatabase {
    /// Reads the file through a memory map while a push runs, and through `read()` again after.
    ///
    /// A push reads every pending note in id order, which visits the note table's pages out of
    /// order, most of them several times: with SQLite's 2 MiB page cache each visit was a
    /// `pread` copying the page from the kernel's cache, about 0.2 s of system time for
    /// 100 000 notes. Mapped, the pages are read where they lie. `bytes` 0 turns the map off.
    package func mapForPush(_ bytes: Int) throws(NoteStoreError) {
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA mmap_size = \(max(0, bytes))") }
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }
}
