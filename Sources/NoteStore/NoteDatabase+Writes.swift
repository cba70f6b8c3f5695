import Foundation
import GRDB

/// Writing notes. Each method is one transaction: a note and its tags change together or not
/// at all, and the full-text index follows through the triggers.
extension NoteDatabase {
    /// What ``save(_:)`` did with a note.
    public enum SaveOutcome: Sendable, Equatable {
        /// The id was new.
        case inserted
        /// A note with that id existed and differed; it was replaced.
        case updated
        /// An identical note was already stored; nothing was written.
        case unchanged
    }

    /// Stores a new note; throws `.duplicate` if its id is taken.
    ///
    /// The id is lowercased, tags are normalized and dates rounded to the millisecond, so
    /// `note(id:)` gives back exactly what ``Note/init(id:text:tags:createdAt:updatedAt:pin:)``
    /// built.
    public func insert(_ note: Note) throws(NoteStoreError) {
        let note = note.normalized()
        do {
            try write { db in
                try db.cachedStatement(sql: Note.insertSQL).execute(arguments: note.rowArguments)
                let seq = db.lastInsertedRowID
                try note.writeTags(db, seq: seq, replacing: false)
                try note.writeSegments(db, seq: seq)
                try note.writeVoice(db)
            }
        } catch let error as DatabaseError
            where [.SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY].contains(error.extendedResultCode) {
            // `note_on_id` keeps ids unique (v1 made the id the primary key).
            throw .duplicate(id: note.id)
        } catch {
            throw NoteStoreError(error, path: displayPath)
        }
    }

    /// Replaces a note's text, tags, pin and segments, and returns it as stored.
    ///
    /// `updatedAt` becomes the clock's now, unless the caller changed it from the stored value
    /// (an import, or a test, that knows better). `createdAt` never changes.
    @discardableResult
    public func update(_ note: Note) throws(NoteStoreError) -> Note {
        let clock = now
        return try writing { db in
            var stored = note.normalized()
            guard let current = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT created_at, updated_at, seq FROM note WHERE id = ?"),
                arguments: [stored.id])
            else { throw NoteStoreError.notFound(note.id) }
            let createdAt: String = current[0] ?? NoteTimestamp.string(from: stored.createdAt)
            stored.createdAt = NoteTimestamp.date(from: createdAt) ?? stored.createdAt
            if NoteTimestamp.string(from: stored.updatedAt) == current[1] as String? {
                stored.updatedAt = NoteTimestamp.rounded(clock())
            }
            try db.cachedStatement(sql: Note.updateSQL).execute(arguments: stored.rowArguments)
            try stored.writeTags(db, seq: current[2], replacing: true)
            // The segments are the note's as given: a transcription replaces them, and one
            // that gives none (PocketSphinx) leaves none.
            try stored.writeSegments(db, seq: current[2])
            // A note without one keeps the voice it has: only voice notes' writers set it.
            try stored.writeVoice(db)
            if stored.voice == nil {
                stored.voice = try String.fetchOne(db, sql: "SELECT \(Note.voiceColumn) FROM note WHERE note.id = ?", arguments: [stored.id])
                    .flatMap { Note.recording(json: $0).voice }
            }
            return stored
        }
    }

    /// Inserts the note, or replaces the stored note with that id as given (dates included);
    /// an identical stored note is left alone. This is what `margin import` needs to be
    /// idempotent by id.
    @discardableResult
    public func save(_ note: Note) throws(NoteStoreError) -> SaveOutcome {
        try writing { db in try Self.save(note.normalized(), in: db) }
    }

    /// ``save(_:)`` for many notes in one transaction: all are stored or none.
    ///
    /// One transaction makes a large import fast (one commit rather than one per note).
    /// Returns how many notes were inserted, updated and left unchanged, in that order.
    @discardableResult
    public func save(contentsOf notes: some Sequence<Note>) throws(NoteStoreError)
        -> (inserted: Int, updated: Int, unchanged: Int)
    {
        try writing { db in
            var counts = (inserted: 0, updated: 0, unchanged: 0)
            for note in notes {
                switch try Self.save(note.normalized(), in: db) {
                case .inserted: counts.inserted += 1
                case .updated: counts.updated += 1
                case .unchanged: counts.unchanged += 1
                }
            }
            return counts
        }
    }

    /// Deletes a note; its tags go with it (`ON DELETE CASCADE`), and the index follows.
    public func delete(id: String) throws(NoteStoreError) {
        let deleted = try writing { db in
            try db.cachedStatement(sql: "DELETE FROM note WHERE id = ?").execute(arguments: [id.lowercased()])
            return db.changesCount > 0
        }
        if !deleted { throw .notFound(id) }
    }

    /// The body of ``save(_:)``, inside the caller's transaction.
    static func save(_ note: Note, in db: Database) throws -> SaveOutcome {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Note.selection), note.seq FROM note WHERE note.id = ?"),
            arguments: [note.id])
        let existing = try row.map { try Note(row: $0) }
        if existing == note {
            return .unchanged
        }
        let sql = existing == nil ? Note.insertSQL : Note.updateSQL
        try db.cachedStatement(sql: sql).execute(arguments: note.rowArguments)
        let seq: Int64 = row?[Note.selectionWidth] ?? db.lastInsertedRowID
        try note.writeTags(db, seq: seq, replacing: existing != nil)
        try note.writeSegments(db, seq: seq)
        return existing == nil ? .inserted : .updated
    }
}
