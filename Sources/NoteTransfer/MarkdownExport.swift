import NoteStore
import SpotifyLinks

/// The Markdown export, for Obsidian and other note apps; no front matter.
///
/// ```markdown
/// # Craft, Code & Curiosity
///
/// ## [Ep. 42 — Naming things](https://open.spotify.com/episode/…)
///
/// - [12:34](https://open.spotify.com/episode/…?t=754) the bit about cache stampedes #caching · 2026-11-21
///
/// # Music
///
/// ## [Song name](https://open.spotify.com/track/…)
///
/// - [0:42](https://open.spotify.com/track/…?t=42) a note taken during music · 2026-11-21
///
/// ## Unpinned
///
/// - a note that could not be pinned · 2026-11-21
/// ```
///
/// Shows come first, by name (ignoring ASCII case), then `# Unknown show` for episodes whose
/// show is not known, then `# Music` for notes pinned to tracks, then `## Unpinned`
/// (oldest first). A missing show or episode name is taken from the episode cache when it
/// knows it; an item still without a name is headed by its URI. Each episode or track heading
/// links to it on open.spotify.com. Within a show, episodes are
/// ordered by release date (episode cache), or by their first note's `created_at` when the
/// date is unknown; the two are compared as text, so an undated episode sits where it was
/// first noted. Tracks are ordered by their first note. Notes within an episode or track are
/// in playback order (`progress_ms`, then `created_at`). Each note ends with its tags and the
/// day it was taken (see ``suffix(tags:createdAt:)``).
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
    /// The id of the item whose notes are being written, when one is.
    private var itemBytes: [UInt8] = []
    private var pinnedItem = false
    /// True once a bullet has been written: a heading after one needs a blank line first.
    private var afterBullet = false

    /// Appends the headings a row of ``NoteRowQuery/markdown(_:)`` opens, then its bullet.
    ///
    /// Read from the row's stored bytes: a million-note export should not build a ``Note``
    /// (dates, tags, a dozen strings) for each line it writes. A text that is valid UTF-8
    /// without line breaks or NUL, pinned or not needing an escape, is copied as it is;
    /// any other goes through ``bullet(text:position:link:suffix:)``.
    mutating func append(_ row: NoteRow, to out: inout [UInt8]) {
        let section: Section
        switch row.int64(NoteRow.section) {
        case 0: section = .show(Self.string(row, NoteRow.showName) ?? "")
        case 1: section = .unknownShow
        case 2: section = .music
        default: section = .unpinned
        }
        if section != self.section {
            // Unpinned notes sit under `## Unpinned`, the contract's heading for them.
            heading(section == .unpinned ? "##" : "#", Self.headingText(section.title), to: &out)
            self.section = section
            itemBytes.removeAll()
            pinnedItem = false
        }
        let pinned = section != .unpinned
        let isTrack = Self.bytes(row, 4).map { $0.elementsEqual("track".utf8) } ?? false
        if pinned, let item = Self.bytes(row, 5), !(pinnedItem && item.elementsEqual(itemBytes)) {
            let title = Self.string(row, NoteRow.heading) ?? Self.string(row, 6) ?? ""
            itemBytes = Array(item)
            pinnedItem = true
            let link = SpotifyLink.to(isTrack ? .track : .episode, String(decoding: itemBytes, as: UTF8.self))
            heading("##", "[\(Self.linkText(title))](\(link))", to: &out)
        }
        let text = Self.bytes(row, 1) ?? UnsafeBufferPointer(start: nil, count: 0)
        let progress = Int(row.int64(10))
        if (pinned || text.isEmpty || !Self.needsEscape(text.first ?? 0)),
           !text.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }), UTF8Validation.isValid(text),
           !pinned || itemBytes.allSatisfy(SpotifyLink.isPlain) {
            out.append(UInt8(ascii: "-"))
            if pinned {
                out.append(contentsOf: " [".utf8)
                Note.appendPosition(milliseconds: progress, to: &out)
                out.append(contentsOf: isTrack ? Self.trackLink : Self.episodeLink)
                out.append(contentsOf: itemBytes)
                out.append(contentsOf: "?t=".utf8)
                out.append(contentsOf: String(max(0, progress) / 1000).utf8)
                out.append(UInt8(ascii: ")"))
            }
            if !text.isEmpty {
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: text)
            }
            Self.appendSuffix(row, to: &out)
            out.append(0x0A)
        } else {
            let string = String(decoding: text, as: UTF8.self)
            let link = pinned
                ? SpotifyLink.to(isTrack ? .track : .episode, String(decoding: itemBytes, as: UTF8.self), atMs: progress)
                : nil
            let position = pinned ? Note.formatPosition(milliseconds: progress) : nil
            var suffix: [UInt8] = []
            Self.appendSuffix(row, to: &suffix)
            let bullet = Self.bullet(text: string, position: position, link: link, suffix: String(decoding: suffix, as: UTF8.self))
            out.append(contentsOf: bullet.utf8)
        }
        afterBullet = true
    }

    /// Whether a line starting with this byte may need ``escapedLineStart(_:)``: one of the
    /// block markers, or a digit (an ordered-list marker).
    /// `](` and a link's prefix, made once: written for every pinned note.
    private static let episodeLink = Array(("](" + SpotifyLink.prefix("episode")).utf8)
    private static let trackLink = Array(("](" + SpotifyLink.prefix("track")).utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        "#>-+*_`~<[|=".utf8.contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A TEXT or BLOB column's bytes; nil when NULL.
    static func bytes(_ row: NoteRow, _ column: Int) -> UnsafeBufferPointer<UInt8>? {
        row.bytes(column)
    }

    /// A column as a string (invalid UTF-8 repaired); nil when NULL.
    private static func string(_ row: NoteRow, _ column: Int) -> String? {
        bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends a heading and the blank line after it (and one before it after a list).
    /// `title` is Markdown already: a linked heading's text is escaped by ``linkText(_:)``.
    private mutating func heading(_ marker: String, _ title: String, to out: inout [UInt8]) {
        if afterBullet { out.append(0x0A) }
        out.append(contentsOf: "\(marker) \(title)\n\n".utf8)
        afterBullet = false
    }
}
