import GRDB

/// The notes an export cursor reads, in which order and with which columns.
///
/// Columns 0–11 are always a note's (`id`, the text as a BLOB, `created_at`, `updated_at`, then
/// the eight pin columns), 12 its tags and 13 its voice (``NoteRow/voice``); what follows
/// depends on the case, named by ``NoteRow``'s column constants. With a `limit`, a filter picks the notes ``NoteDatabase/notes(_:)`` would list;
/// only their order is the query's own.
package enum NoteRowQuery {
    /// Oldest first, ties by id; one row per tag (column 12, NULL for a note without tags),
    /// the rows of one note adjacent, and the note's `seq` in column 14.
    case taggedRows(NoteFilter)
    /// Oldest first, ties by id; the tags joined with U+001F in column 12.
    case creationOrder(NoteFilter)
    /// ``NoteDatabase/notes(_:)``'s order; the tags joined in column 12, `seq` in column 14.
    case listing(NoteFilter)
    /// The Markdown export's order (by section, show, episode, then playback); tags joined in
    /// column 12, then the section (14: 0 a show, 1 an unknown show, 2 music, 3 unpinned),
    /// the show's name (15) and the item's heading (16), completed from the episode cache.
    case markdown(NoteFilter)
    /// ``markdown(_:)``'s columns, grouped by item (unpinned notes last), each item's notes in
    /// playback order: one vault page after another.
    case pages(NoteFilter)
}

extension NoteRow {
    /// The tag (or the tags joined with U+001F) of a row.
    package static let tags = 12
    /// The voice note's state as a JSON array (audio, duration, state, error); NULL for a typed note.
    package static let voice = 13
    /// The note's `seq`, in ``NoteRowQuery/taggedRows(_:)`` and ``NoteRowQuery/listing(_:)``.
    package static let seq = 14
    /// The section, show name and heading of ``NoteRowQuery/markdown(_:)`` and ``NoteRowQuery/pages(_:)``.
    package static let section = 14
    package static let showName = 15
    package static let heading = 16
}

extension NoteRowQuery {
    /// The statement and its arguments; `db` weighs a listing's criteria.
    func statement(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        switch self {
        case .taggedRows(let filter):
            return Self.creationOrder(
                filter, columns: Note.columns + ", note_tag.tag, " + Note.voiceColumn + ", note.seq",
                from: "note LEFT JOIN note_tag ON note_tag.note_seq = note.seq")
        case .creationOrder(let filter):
            return Self.creationOrder(filter)
        case .listing(let filter):
            return filter.query(selecting: Note.selection + ", note.seq", driver: try NoteDatabase.driver(for: filter, db))
        case .markdown(let filter):
            return Self.markdown(filter, order: Self.markdownOrder)
        case .pages(let filter):
            return Self.markdown(
                filter, order: " ORDER BY note.item_id IS NULL, note.item_id, note.progress_ms, note.created_at, note.id")
        }
    }

    /// The filter's notes, oldest first, ties broken by id.
    private static func creationOrder(
        _ filter: NoteFilter, columns: String = Note.selection, from source: String = "note"
    ) -> (sql: String, arguments: StatementArguments) {
        let order = " ORDER BY note.created_at, note.id"
        guard filter.limit != nil else {
            let selection = filter.selection(selecting: columns, from: source)
            return (selection.sql + order, StatementArguments(selection.arguments))
        }
        // The limit picks the notes `notes(_:)` would list; only their order changes.
        let chosen = filter.query(selecting: "note.id")
        return ("SELECT \(columns) FROM \(source) WHERE note.id IN (\(chosen.sql))" + order, chosen.arguments)
    }

    /// The notes of `filter` in `order`, with the three columns of ``markdown(_:)`` after
    /// ``Note/selection``.
    private static func markdown(_ filter: NoteFilter, order: String) -> (sql: String, arguments: StatementArguments) {
        let showName = "coalesce(nullif(note.show_name, ''), nullif(episode.show_name, ''))"
        let columns = """
            \(Note.selection),
            CASE WHEN note.item_id IS NULL THEN 3 WHEN note.item_type = 'track' THEN 2
                 WHEN \(showName) IS NULL THEN 1 ELSE 0 END AS md_section,
            \(showName) AS md_show,
            coalesce(nullif(note.item_name, ''), nullif(episode.name, ''), note.item_uri)
            """
        // Every note is sorted anyway: without a filter to narrow them, the table is read in
        // its own order (SQLite would otherwise walk `note_on_item` and read the notes' rows
        // in a random order, about twice as slow). The first note of every item is computed
        // once rather than per row.
        let narrowed = filter.itemID != nil || filter.showID != nil || filter.tag != nil || filter.since != nil || filter.until != nil
        let source = """
            note\(narrowed ? "" : " NOT INDEXED") LEFT JOIN episode ON episode.id = note.item_id AND note.item_type = 'episode'
            LEFT JOIN (SELECT item_id, min(created_at) AS first_at FROM note
                       WHERE item_id IS NOT NULL GROUP BY item_id) AS item_start
                   ON item_start.item_id = note.item_id
            """
        guard filter.limit != nil else {
            let selection = filter.selection(selecting: columns, from: source)
            return (selection.sql + order, StatementArguments(selection.arguments))
        }
        let chosen = filter.query(selecting: "note.id")
        return ("SELECT \(columns) FROM \(source) WHERE note.id IN (\(chosen.sql))" + order, chosen.arguments)
    }

    /// The order of the Markdown export: sections, shows by name (ignoring ASCII case), their
    /// episodes by release date or first note, then playback order.
    private static let markdownOrder = """
         ORDER BY md_section, md_show COLLATE NOCASE, md_show,
                  coalesce(episode.release_date, item_start.first_at), note.item_id,
                  note.progress_ms, note.created_at, note.id
        """
}
