import GRDB

/// Voice notes' transcription state (``NoteVoice``): what `margin transcribe` finds and records.
extension NoteDatabase {
    /// The voice notes whose state is one of `states`, oldest first.
    public func voiceNotes(in states: Set<NoteVoice.State>) throws(NoteStoreError) -> [Note] {
        let names = states.map(\.rawValue).sorted()
        guard !names.isEmpty else { return [] }
        return try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Note.selection) FROM note
                WHERE note.id IN (SELECT note_id FROM note_voice WHERE state IN (\(databaseQuestionMarks(count: names.count))))
                ORDER BY note.created_at, note.id
                """, arguments: StatementArguments(names)).map { try Note(row: $0) }
        }
    }

    /// Records a voice note's state alone: the note itself (its text, its time, what sync
    /// carries) does not change.
    public func setVoice(_ voice: NoteVoice, forNote id: String) throws(NoteStoreError) {
        var note = Note(id: id.lowercased(), text: "")
        note.voice = voice
        let found = try writing { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM note WHERE id = ?)", arguments: [note.id]) == true
            else { return false }
            try note.writeVoice(db)
            return true
        }
        if !found { throw .notFound(id) }
    }
}
