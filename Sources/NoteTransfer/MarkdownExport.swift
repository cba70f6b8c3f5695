import GRDB
import NoteStore

/// The Markdown export, for Obsidian and other note apps; no front matter.
///
/// ```markdown
/// # Craft, Code & Curiosity
///
/// ## Ep. 42 — Naming things
///
/// - [12:34](https://open.spotify.com/episode/…?t=754) the bit about cache stampedes
///
/// # Music
///
/// ## Song name
///
/// - [0:42](https://open.spotify.com/track/…?t=42) a note taken during music
///
/// ## Unpinned
///
/// - a note that could not be pinned
/// ```
///
/// Shows come first, by name (ignoring ASCII case), then `# Unknown show` for episodes whose
/// show is not known, then `# Music` for notes pinned to tracks, then `## Unpinned`
/// (oldest first). A missing show or episode name is taken from the episode cache when it
/// knows it; an item still without a name is headed by its URI. Within a show, episodes are
/// ordered by release date (episode cache), or by their first note's `created_at` when the
/// date is unknown; the two are compared as text, so an undated episode sits where it was
/// first noted. Tracks are ordered by their first note. Notes within an episode or track are
/// in playback order (`progress_ms`, then `created_at`). Tags are not written.
struct MarkdownExport {
    /// A level-1 heading's group.
    enum Section: Equatable {
        case show(String), unknownShow, music, unpinned

        var title: String {
            switch self {
            case .show(let name): name
            case .unknownShow: "Unknown show"
            case .music: "Music"
            case .unpinned: "Unpinned"
            }
        }
    }

    /// The group being written, and within it the item whose notes are being written.
    private var section: Section?
    private var itemID: String?
    /// True once a bullet has been written: a heading after one needs a blank line first.
    private var afterBullet = false

    /// The notes of `filter` in Markdown order, with three extra columns after
    /// ``Note/selection``: the section number, the show's name and the item's heading.
    static func query(_ filter: NoteFilter) -> (sql: String, arguments: StatementArguments) {
        let showName = "coalesce(nullif(note.show_name, ''), nullif(episode.show_name, ''))"
        let columns = """
            \(Note.selection),
            CASE WHEN note.item_id IS NULL THEN 3 WHEN note.item_type = 'track' THEN 2
                 WHEN \(showName) IS NULL THEN 1 ELSE 0 END AS md_section,
            \(showName) AS md_show,
            coalesce(nullif(note.item_name, ''), nullif(episode.name, ''), note.item_uri)
            """
        // The first note of every item, computed once rather than per row.
        let source = """
            note LEFT JOIN episode ON episode.id = note.item_id AND note.item_type = 'episode'
            LEFT JOIN (SELECT item_id, min(created_at) AS first_at FROM note
                       WHERE item_id IS NOT NULL GROUP BY item_id) AS item_start
                   ON item_start.item_id = note.item_id
            """
        let order = """
             ORDER BY md_section, md_show COLLATE NOCASE, md_show,
                      coalesce(episode.release_date, item_start.first_at), note.item_id,
                      note.progress_ms, note.created_at, note.id
            """
        guard filter.limit != nil else {
            let selection = filter.selection(selecting: columns, from: source)
            return (selection.sql + order, StatementArguments(selection.arguments))
        }
        let chosen = filter.query(selecting: "note.id")
        return ("SELECT \(columns) FROM \(source) WHERE note.id IN (\(chosen.sql))" + order, chosen.arguments)
    }

    /// Appends the headings a row opens, then its bullet.
    mutating func append(_ row: Row, to out: inout [UInt8]) throws {
        let note = try Note(row: row)
        let section: Section
        switch row[Note.selectionWidth] as Int? {
        case 0: section = .show(row[Note.selectionWidth + 1] ?? "")
        case 1: section = .unknownShow
        case 2: section = .music
        default: section = .unpinned
        }
        if section != self.section {
            // Unpinned notes sit under `## Unpinned`, the contract's heading for them.
            heading(section == .unpinned ? "##" : "#", section.title, to: &out)
            self.section = section
            itemID = nil
        }
        if let pin = note.pin, pin.itemID != itemID {
            heading("##", row[Note.selectionWidth + 2] ?? pin.itemURI, to: &out)
            itemID = pin.itemID
        }
        out.append(contentsOf: Self.bullet(note).utf8)
        afterBullet = true
    }

    /// Appends a heading and the blank line after it (and one before it after a list).
    private mutating func heading(_ marker: String, _ title: String, to out: inout [UInt8]) {
        if afterBullet { out.append(0x0A) }
        out.append(contentsOf: "\(marker) \(Self.headingText(title))\n\n".utf8)
        afterBullet = false
    }
}
