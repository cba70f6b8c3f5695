import NoteStore
import SpotifyLinks

/// One file of the Obsidian export: an episode's notes (or a track's, or every unpinned note),
/// as YAML front matter and margin's block.
///
/// ```markdown
/// ---
/// show: "Craft, Code & Curiosity"
/// episode: "Ep. 42 — Naming things"
/// spotify_episode_id: "512ojhOuo1ktJprKbVcKyQ"
/// link: "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ"
/// first_note: 2026-11-21
/// last_note: 2026-11-23
/// tags:
///   - "caching"
/// ---
///
/// <!-- margin:begin 512ojhOuo1ktJprKbVcKyQ -->
///
/// - [12:34](https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754) the bit about cache stampedes #caching · 2026-11-21
///
/// <!-- margin:end -->
/// ```
///
/// A track's page has `track` and `spotify_track_id` instead of `show`, `episode` and
/// `spotify_episode_id`; the unpinned notes' page (`Unpinned notes.md`) has only the dates and
/// tags, and `unpinned` in its marker. Dates are UTC days; tags are Obsidian's form of every
/// tag of the page's notes (see ``MarkdownExport/tagText(_:)``); notes are the Markdown
/// export's bullets, in playback order (unpinned ones oldest first).
struct VaultPage {
    /// The episode or track id, or nil for the unpinned notes' page.
    var itemID: String?
    var isTrack = false
    /// The episode's or track's name, from the notes or the episode cache; nil when unknown.
    var title: String?
    var show: String?
    var notes: [Note] = []

    /// The front matter keys margin writes, and so replaces on every export; any other key in
    /// a file's front matter is the user's.
    static let ownedKeys: Set<String> = [
        "show", "episode", "track", "spotify_episode_id", "spotify_track_id", "link", "first_note", "last_note", "tags",
    ]

    /// What the page's markers carry: the item id, or `unpinned`.
    var key: String { itemID ?? "unpinned" }

    /// The page's link on open.spotify.com; nil for unpinned notes.
    var link: String? { itemID.map { SpotifyLink.to(isTrack ? .track : .episode, $0) } }

    /// The file name a new page gets, before ``VaultDirectory`` makes it unique.
    var baseName: String {
        guard let itemID else { return "Unpinned notes" }
        let name = title ?? "spotify:\(isTrack ? "track" : "episode"):\(itemID)"
        return VaultFileName.base(show: isTrack ? "Music" : show ?? "Unknown show", title: name)
    }

    /// The front matter's entries, each a `key: value` line (a list's lines after it), in order.
    var frontMatter: [String] {
        var entries: [String] = []
        if let itemID {
            let name = title ?? "spotify:\(isTrack ? "track" : "episode"):\(itemID)"
            if isTrack {
                entries += [YAMLText.entry("track", name), YAMLText.entry("spotify_track_id", itemID)]
            } else {
                if let show { entries.append(YAMLText.entry("show", show)) }
                entries += [YAMLText.entry("episode", name), YAMLText.entry("spotify_episode_id", itemID)]
            }
            if let link { entries.append(YAMLText.entry("link", link)) }
        }
        let days = notes.map { NoteTimestamp.string(from: $0.createdAt).prefix(10) }
        if let first = days.min(), let last = days.max() {
            entries += ["first_note: \(first)\n", "last_note: \(last)\n"]
        }
        let tags = Set(notes.flatMap { $0.tags.map(MarkdownExport.tagText) }).sorted()
        entries.append(YAMLText.list("tags", tags))
        return entries
    }

    /// margin's block: the markers and, between them, one bullet per note.
    var block: String {
        var text = "\(Self.beginMarker) \(key) -->\n\n"
        for note in notes {
            let suffix = MarkdownExport.suffix(tags: note.tags, createdAt: note.createdAt)
            text += MarkdownExport.bullet(text: note.text, position: note.position, link: note.link, suffix: suffix)
        }
        return text + "\n" + Self.endMarker + "\n"
    }

    /// The start of the line that opens margin's block; the page's key and ` -->` follow.
    static let beginMarker = "<!-- margin:begin"
    /// The line that closes margin's block.
    static let endMarker = "<!-- margin:end -->"
}
