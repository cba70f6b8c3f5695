import Foundation
import TestSupport
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("Obsidian export")
struct VaultExportTests {
    static let episode = "512ojhOuo1ktJprKbVcKyQ"
    static let fileName = "Craft, Code & Curiosity - Ep. 42 — Naming things.md"

    /// Two notes of one episode (out of playback order), a track note and an unpinned note.
    static func store() throws -> NoteDatabase {
        let store = try ExportFixtures.emptyStore()
        try store.insert(note("the bit about cache stampedes", id: ExportFixtures.id(1), tags: ["caching"], at: 86_400, pin: episodePin(at: 754_321)))
        try store.insert(note("names say what", id: ExportFixtures.id(2), tags: ["naming", "c++"], at: 0, pin: episodePin(at: 60_000)))
        try store.insert(note("a song note", id: ExportFixtures.id(3), at: 5, pin: ExportFixtures.trackPin()))
        try store.insert(note("no moment", id: ExportFixtures.id(4), at: 6))
        return store
    }

    /// ``store()`` exported into a fresh directory, and the path of its episode's file.
    static func exported() throws -> (store: NoteDatabase, directory: String, path: String) {
        let store = try store()
        let directory = try temporaryDirectory()
        try store.exportedVault(directory)
        return (store, directory, directory + "/" + fileName)
    }

    @Test("one file per episode, track and the unpinned notes, each with front matter and margin's block")
    func files() throws {
        let directory = try temporaryDirectory() + "/vault/Podcasts"
        let summary = try Self.store().exportedVault(directory)
        #expect(summary == VaultSummary(created: 3, updated: 0, unchanged: 0))
        #expect(try Vault.names(directory) == [Self.fileName, "Music - Song, _live_.md", "Unpinned notes.md"])
        let link = "https://open.spotify.com/episode/\(Self.episode)"
        #expect(try Vault.read(directory + "/" + Self.fileName) == """
            ---
            show: "Craft, Code & Curiosity"
            episode: "Ep. 42 — Naming things"
            spotify_episode_id: "\(Self.episode)"
            link: "\(link)"
            first_note: 2026-11-21
            last_note: 2026-11-22
            tags:
              - "c__"
              - "caching"
              - "naming"
            ---

            <!-- margin:begin \(Self.episode) -->

            - [1:00](\(link)?t=60) names say what #c__ #naming · 2026-11-21
            - [12:34](\(link)?t=754) the bit about cache stampedes #caching · 2026-11-22

            <!-- margin:end -->

            """)
        #expect(try Vault.read(directory + "/Unpinned notes.md").contains("<!-- margin:begin unpinned -->\n\n- no moment · 2026-11-21\n"))
        #expect(try mode(directory) == 0o755)
    }

    @Test("front matter reads back through PyYAML with every value intact, however hostile the names")
    func yamlFrontMatter() throws {
        let names = [
            "Craft, Code & Curiosity", "key: value # not a comment", "- leading dash", "? question", "\"quoted\" 'single'",
            "yes", "123", "null", "[not, a, list]", "{not: a map}", "emoji 🎧 עברית", "line\nbreak\ttab", "back\\slash",
            "\u{2028}separator\u{85}next", "*alias &anchor !tag %directive @at `tick`", "  spaces  ",
        ]
        let store = try ExportFixtures.emptyStore()
        for (index, name) in names.enumerated() {
            let id = String("ep\(index)xxxxxxxxxxxxxxxxxxxxxx".prefix(22))
            let pin = Pin(itemType: "episode", itemID: id, itemURI: "spotify:episode:\(id)", itemName: name,
                          showID: "5CfCWKI5pZ28U0uOzXkDHe", showName: name, progressMs: 1000)
            try store.insert(note("n", id: ExportFixtures.id(index + 1), tags: ["t\(index)", "ü-\(index)"], at: Double(index), pin: pin))
        }
        let directory = try temporaryDirectory()
        try store.exportedVault(directory)
        let files = try Vault.names(directory)
        #expect(files.count == names.count)
        let parsed = try Python.frontMatter(files.map { directory + "/" + $0 })
        var seen: Set<String> = []
        for (_, values) in parsed {
            let id = try #require(values["spotify_episode_id"] as? String)
            let index = try #require(Int(id.dropFirst(2).prefix { $0.isNumber }))
            #expect(values["show"] as? String == names[index], "\(names[index].debugDescription)")
            #expect(values["episode"] as? String == names[index])
            #expect(values["link"] as? String == "https://open.spotify.com/episode/\(id)")
            #expect(values["first_note"] as? String == "2026-11-21")
            #expect(values["last_note"] as? String == "2026-11-21")
            #expect(values["tags"] as? [String] == ["t\(index)", "ü-\(index)"])
            seen.insert(id)
        }
        #expect(seen.count == names.count)
    }

    @Test("a re-export updates margin's part and keeps the user's text above, below and in the front matter")
    func userEditsSurvive() throws {
        let (store, directory, path) = try Self.exported()
        var text = try Vault.read(path)
        // A key of the user's among margin's, a comment, a list under the user's own key,
        // a changed margin key, and text above and below the block.
        text = text.replacingOccurrences(of: "link: ", with: "rating: 5\n# my comment\naliases:\n  - \"cache talk\"\nlink: ")
        text = text.replacingOccurrences(of: "show: \"Craft, Code & Curiosity\"", with: "show: \"Renamed by hand\"")
        text = text.replacingOccurrences(of: "---\n\n<!-- margin:begin", with: "---\n\nMy summary, *above*.\n\n<!-- margin:begin")
        text += "\n## My thoughts\n\n- below the block\n"
        try Vault.write(text, to: path)

        try store.insert(note("a new note", id: ExportFixtures.id(5), tags: ["fresh"], at: 10, pin: episodePin(at: 120_000)))
        var written: [String] = []
        let summary = try store.exportedVault(directory, written: &written)
        #expect(summary == VaultSummary(created: 0, updated: 1, unchanged: 2))
        #expect(written == [path], "files that did not change are not rewritten")
        let updated = try Vault.read(path)
        #expect(updated.contains("- [2:00](https://open.spotify.com/episode/\(Self.episode)?t=120) a new note #fresh · 2026-11-21\n"))
        #expect(updated.contains("show: \"Craft, Code & Curiosity\"\n"), "margin's keys are margin's")
        #expect(updated.contains("tags:\n  - \"c__\"\n  - \"caching\"\n  - \"fresh\"\n  - \"naming\"\nrating: 5\n# my comment\naliases:\n  - \"cache talk\"\n---\n"))
        #expect(updated.contains("---\n\nMy summary, *above*.\n\n<!-- margin:begin \(Self.episode) -->\n"))
        #expect(updated.hasSuffix("<!-- margin:end -->\n\n## My thoughts\n\n- below the block\n"))
        let parsed = try #require(try Python.frontMatter([path])[path])
        #expect(parsed["rating"] as? Int == 5)
        #expect(parsed["aliases"] as? [String] == ["cache talk"])
        #expect(try store.exportedVault(directory) == VaultSummary(created: 0, updated: 0, unchanged: 3))
    }

    @Test("a file whose markers were deleted gets a fresh block at its end, and nothing of the user's is lost")
    func deletedMarkers() throws {
        let (store, directory, path) = try Self.exported()
        let original = try Vault.read(path)
        let edited = original.replacingOccurrences(of: "<!-- margin:end -->\n", with: "my own line\n")
        try Vault.write(edited, to: path)
        try store.exportedVault(directory)
        let again = try Vault.read(path)
        let body = edited.components(separatedBy: "---\n").last ?? ""
        #expect(again.contains(body), "the old text, stray begin marker and all, is still there")
        #expect(again.hasSuffix("my own line\n\n<!-- margin:begin \(Self.episode) -->\n\n"
            + "- [1:00](https://open.spotify.com/episode/\(Self.episode)?t=60) names say what #c__ #naming · 2026-11-21\n"
            + "- [12:34](https://open.spotify.com/episode/\(Self.episode)?t=754) the bit about cache stampedes #caching · 2026-11-22\n\n"
            + "<!-- margin:end -->\n"))
        // The file was found by its front matter id; from now on by its new block.
        try store.exportedVault(directory)
        #expect(try Vault.read(path) == again)
        #expect(try Vault.names(directory).count == 3)
    }

    @Test("two episodes with the same title get two files, the same ones on every export, even renamed")
    func sameTitle() throws {
        let store = try ExportFixtures.emptyStore()
        try store.insert(note("first", id: ExportFixtures.id(1), pin: episodePin("7makk4oTQel546B0PZlDM5", at: 0)))
        try store.insert(note("second", id: ExportFixtures.id(2), pin: episodePin("3aaaaaaaaaaaaaaaaaaaaa", at: 0)))
        let directory = try temporaryDirectory()
        // A file of the user's that happens to have the name margin would pick.
        try Vault.write("my own file\n", to: directory + "/Unpinned notes.md")
        try store.insert(note("unpinned", id: ExportFixtures.id(3)))
        try store.exportedVault(directory)
        let base = "Craft, Code & Curiosity - Ep. 42 — Naming things"
        // Pages come in id order: 3aaa… is first and gets the plain name.
        let expected = ["\(base) (7makk4).md", "\(base).md", "Unpinned notes (unpinn).md", "Unpinned notes.md"]
        #expect(try Vault.names(directory) == expected)
        #expect(try Vault.read(directory + "/Unpinned notes.md") == "my own file\n")
        #expect(try Vault.read(directory + "/\(base).md").contains("3aaaaaaaaaaaaaaaaaaaaa?t=0) second"))
        #expect(try Vault.read(directory + "/\(base) (7makk4).md").contains("7makk4oTQel546B0PZlDM5?t=0) first"))

        try FileManager.default.moveItem(atPath: directory + "/\(base).md", toPath: directory + "/Renamed.md")
        try store.insert(note("third", id: ExportFixtures.id(4), at: 1, pin: episodePin("3aaaaaaaaaaaaaaaaaaaaa", at: 5000)))
        #expect(try store.exportedVault(directory) == VaultSummary(created: 0, updated: 1, unchanged: 2))
        #expect(try Vault.names(directory) == ["\(base) (7makk4).md", "Renamed.md", "Unpinned notes (unpinn).md", "Unpinned notes.md"])
        #expect(try Vault.read(directory + "/Renamed.md").contains("?t=5) third"))
    }

    @Test("hostile names become safe file names that keep what they can")
    func safeNames() {
        #expect(VaultFileName.safe("a/b\\c:d*e?f\"g<h>i|j#k^l[m]n") == "a_b_c_d_e_f_g_h_i_j_k_l_m_n")
        #expect(VaultFileName.safe("..hidden") == "hidden")
        #expect(VaultFileName.safe(" trailing. . ") == "trailing")
        #expect(VaultFileName.safe("tab\tnew\nline\u{0}nul\u{7F}") == "tab_new_line_nul_")
        #expect(VaultFileName.safe("...") == "Untitled")
        #expect(VaultFileName.safe("Épisode — ünïcode 🎧") == "Épisode — ünïcode 🎧")
        let long = String(repeating: "é🎧", count: 100)
        let cut = VaultFileName.safe(long)
        #expect(cut.utf8.count <= VaultFileName.maxBaseBytes)
        #expect(cut.utf8.count > VaultFileName.maxBaseBytes - 6)
        #expect(long.hasPrefix(cut), "cut at a character boundary")
        #expect(VaultFileName.base(show: nil, title: "x") == "x")
    }

    @Test("filters narrow the pages, and a path that is not a directory is refused")
    func filtersAndErrors() throws {
        let store = try Self.store()
        let directory = try temporaryDirectory()
        #expect(try store.exportedVault(directory, NoteFilter(tag: "caching")) == VaultSummary(created: 1, updated: 0, unchanged: 0))
        #expect(try Vault.names(directory) == [Self.fileName])
        let file = directory + "/" + Self.fileName
        #expect(throws: VaultExportError.notADirectory(file)) { try store.exportedVault(file) }
    }
}
