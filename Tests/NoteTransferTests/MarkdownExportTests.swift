import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Markdown export")
struct MarkdownExportTests {
    static let craft = "5CfCWKI5pZ28U0uOzXkDHe"
    static let other = "2mTUnDkuKUkhiueKcVWoP0"

    static func pin(_ id: String, _ name: String?, show: String?, showName: String?, at ms: Int) -> Pin {
        Pin(itemType: "episode", itemID: id, itemURI: "spotify:episode:\(id)", itemName: name,
            showID: show, showName: showName, progressMs: ms)
    }

    /// Two shows (one named in lowercase), an episode known only from the cache, an offline
    /// pin, a track and unpinned notes.
    static func store() throws -> NoteDatabase {
        let store = try ExportFixtures.emptyStore()
        let craftName = "Craft, Code & Curiosity"
        let notes = [
            Note(id: ExportFixtures.id(1), text: "the bit about cache stampedes", tags: ["caching", "c++", "1984", "über"], createdAt: moment(0),
                 pin: pin("512ojhOuo1ktJprKbVcKyQ", "Ep. 42 — Naming things", show: craft, showName: craftName, at: 754_321)),
            Note(id: ExportFixtures.id(2), text: "line one\nline two\r\n\n# not a heading\n- nor a list", createdAt: moment(1),
                 pin: pin("512ojhOuo1ktJprKbVcKyQ", "Ep. 42 — Naming things", show: craft, showName: craftName, at: 60_000)),
            Note(id: ExportFixtures.id(3), text: "caches are hard", createdAt: moment(2),
                 pin: pin("7makk4oTQel546B0PZlDM5", "Ep. 41 — Caches\nand more", show: craft, showName: craftName, at: 5_000)),
            Note(id: ExportFixtures.id(4), text: "c note", createdAt: moment(3),
                 pin: pin("3aaaaaaaaaaaaaaaaaaaaa", "C sharp #", show: other, showName: "another show", at: 10_999)),
            Note(id: ExportFixtures.id(5), text: "offline pin", createdAt: moment(4),
                 pin: pin("6bbbbbbbbbbbbbbbbbbbbb", nil, show: nil, showName: nil, at: 1_000)),
            Note(id: ExportFixtures.id(6), text: "named by the cache", createdAt: moment(5),
                 pin: pin("4ccccccccccccccccccccc", nil, show: nil, showName: nil, at: 3_723_000)),
            Note(id: ExportFixtures.id(7), text: "a song note", createdAt: moment(6), pin: ExportFixtures.trackPin()),
            Note(id: ExportFixtures.id(8), text: "# hashtag first\u{0}", createdAt: moment(7)),
            Note(id: ExportFixtures.id(9), text: "1. not a list\r\nsecond line", createdAt: moment(8)),
            Note(id: ExportFixtures.id(10), text: "plain [brackets] `ticks`", createdAt: moment(9)),
        ]
        for each in notes { try store.insert(each) }
        try store.cacheEpisode(EpisodeInfo(id: "512ojhOuo1ktJprKbVcKyQ", releaseDate: "2026-10-01"))
        try store.cacheEpisode(EpisodeInfo(id: "7makk4oTQel546B0PZlDM5", releaseDate: "2026-09-01"))
        try store.cacheEpisode(EpisodeInfo(
            id: "4ccccccccccccccccccccc", name: "Cached episode", showID: craft, showName: craftName,
            releaseDate: "2026-08"))
        return store
    }

    @Test("shows by name, episodes by release date, notes in playback order, then music and unpinned")
    func structure() throws {
        let link = "https://open.spotify.com/episode/"
        let day = " · 2026-11-21"
        #expect(try Self.store().exportedText(.markdown) == """
            # another show

            ## [C sharp #](\(link)3aaaaaaaaaaaaaaaaaaaaa)

            - [0:10](\(link)3aaaaaaaaaaaaaaaaaaaaa?t=10) c note\(day)

            # Craft, Code & Curiosity

            ## [Cached episode](\(link)4ccccccccccccccccccccc)

            - [1:02:03](\(link)4ccccccccccccccccccccc?t=3723) named by the cache\(day)

            ## [Ep. 41 — Caches and more](\(link)7makk4oTQel546B0PZlDM5)

            - [0:05](\(link)7makk4oTQel546B0PZlDM5?t=5) caches are hard\(day)

            ## [Ep. 42 — Naming things](\(link)512ojhOuo1ktJprKbVcKyQ)

            - [1:00](\(link)512ojhOuo1ktJprKbVcKyQ?t=60) line one
              line two
              
              # not a heading
              - nor a list\(day)
            - [12:34](\(link)512ojhOuo1ktJprKbVcKyQ?t=754) the bit about cache stampedes #_1984 #c__ #caching #über\(day)

            # Unknown show

            ## [spotify:episode:6bbbbbbbbbbbbbbbbbbbbb](\(link)6bbbbbbbbbbbbbbbbbbbbb)

            - [0:01](\(link)6bbbbbbbbbbbbbbbbbbbbb?t=1) offline pin\(day)

            # Music

            ## [Song, "live"](https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC)

            - [0:42](https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?t=42) a song note\(day)

            ## Unpinned

            - \\# hashtag first\u{FFFD}\(day)
            - 1\\. not a list
              second line\(day)
            - plain [brackets] `ticks`\(day)

            """)
    }

    @Test("tags are written as Obsidian reads them, and a linked heading stays one link")
    func tagsAndLinks() {
        #expect(MarkdownExport.tagText("caching") == "caching")
        #expect(MarkdownExport.tagText("nested/tag-name_2") == "nested/tag-name_2")
        #expect(MarkdownExport.tagText("c++") == "c__")
        #expect(MarkdownExport.tagText("1984") == "_1984")
        #expect(MarkdownExport.tagText("Ärger🎧.x") == "Ärger__x")
        #expect(MarkdownExport.suffix(tags: [], createdAt: moment(0)) == " · 2026-11-21")
        #expect(MarkdownExport.suffix(tags: ["a", "b"], createdAt: moment(86_400)) == " #a #b · 2026-11-22")
        #expect(MarkdownExport.linkText("Ep [1]: a\\b\nnext") == "Ep \\[1\\]: a\\\\b next")
        let bullet = MarkdownExport.bullet(text: "one\n", position: "0:01", link: "L", suffix: " #t · 2026-11-21")
        #expect(bullet == "- [0:01](L) one\n  #t · 2026-11-21\n")
    }

    @Test("hostile text keeps one list item per note")
    func hostile() throws {
        let text = try ExportFixtures.hostileStore().exportedText(.markdown)
        let bullets = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("-") }
        #expect(bullets.count == ExportFixtures.hostileTexts.count)
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
        #expect(!text.utf8.contains(0))
        #expect(!text.contains("\r"))
    }

    /// Each text alone, pinned to an episode, to a track and unpinned: the bullet the export
    /// writes from the stored bytes is the one the general path makes from the note.
    @Test("every bullet is what the general path makes of the note, whichever way it was written")
    func bulletsMatchGeneralPath() throws {
        let texts = ExportFixtures.hostileTexts + [
            "", "plain", "12. an ordered marker", "3) another", "1984 was a year", "- a dash", "[a link?]",
            "é first", "| table", "=== setext", "~~~ fence", "<div>", "*", "ok",
        ]
        // Plain ASCII tags are copied by the byte path; the others go through tagText.
        let tagSets = [[], ["b-tag", "a/nested", "z_9"], ["1984", "über-Ärger", "x.y", "c++"]]
        for (index, text) in texts.enumerated() {
            for pin in [episodePin(at: 3_723_456), ExportFixtures.trackPin(at: 59_999), nil] {
                let store = try ExportFixtures.emptyStore()
                let note = Note(id: ExportFixtures.id(1), text: text, tags: tagSets[index % 3], createdAt: moment(1), pin: pin)
                try store.insert(note)
                let suffix = MarkdownExport.suffix(tags: note.tags, createdAt: note.createdAt)
                let bullet = MarkdownExport.bullet(text: text, position: note.position, link: note.link, suffix: suffix)
                let exported = try store.exportedText(.markdown)
                #expect(exported.hasSuffix("\n\n" + bullet), "\(text.debugDescription) \(pin?.itemType ?? "unpinned")")
            }
        }
        // Invalid UTF-8, stored by another program: repaired alike.
        let store = try ExportFixtures.emptyStore()
        try store.insert(Note(id: ExportFixtures.id(1), text: "x", createdAt: moment(1), pin: episodePin(at: 0)))
        try store.writer.write { db in try db.execute(sql: "UPDATE note SET text = CAST(X'6F6BFF20C3' AS TEXT)") }
        #expect(try store.exportedText(.markdown).hasSuffix("?t=0) ok\u{FFFD} \u{FFFD} · 2026-11-21\n"))
    }

    @Test("an episode's first note decides its place when its release date is unknown")
    func undatedEpisodes() throws {
        let store = try ExportFixtures.emptyStore()
        let show = Self.craft
        try store.insert(Note(id: ExportFixtures.id(1), text: "later episode", createdAt: moment(100),
                              pin: Self.pin("7makk4oTQel546B0PZlDM5", "B", show: show, showName: "S", at: 0)))
        try store.insert(Note(id: ExportFixtures.id(2), text: "earlier episode", createdAt: moment(50),
                              pin: Self.pin("512ojhOuo1ktJprKbVcKyQ", "A", show: show, showName: "S", at: 0)))
        try store.insert(Note(id: ExportFixtures.id(3), text: "back to B", createdAt: moment(10),
                              pin: Self.pin("7makk4oTQel546B0PZlDM5", "B", show: show, showName: "S", at: 5000)))
        let headings = try store.exportedText(.markdown).split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## [B](https://open.spotify.com/episode/7makk4oTQel546B0PZlDM5)",
                             "## [A](https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ)"])
    }
}
