import Foundation
import TestSupport
import Testing

/// `margin search` finds a note by its tags and by the episode and show it is pinned to, not
/// only by its text, and ranks a match in the text above one in a title.
@Suite("search over tags and titles, end to end")
struct SearchTitleTests {
    /// A note pinned to `episode` (names nil when margin does not know them yet), as `import` reads it.
    static func pinned(_ text: String, episode: String, name: String?, show: String?, created: Date = Date()) -> String {
        let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(created)
        func json(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        return """
            {"id":"\(UUID().uuidString.lowercased())","text":"\(text)","tags":[],\
            "created_at":"\(stamp)","updated_at":"\(stamp)","pinned":true,\
            "item_type":"episode","item_id":"\(episode)","item_uri":"spotify:episode:\(episode)",\
            "item_name":\(json(name)),"show_id":\(json(show == nil ? nil : "5CfCWKI5pZ28U0uOzXkDHe")),"show_name":\(json(show)),\
            "progress_ms":60000,"duration_ms":null,"position":null,"link":null}
            """
    }

    /// The texts `margin search WORDS --json` prints, best match first.
    static func found(_ sandbox: Sandbox, _ words: String...) async throws -> [String] {
        let result = try await sandbox.run(["search"] + words + ["--json"])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        let notes = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return notes.map { $0["text"] as? String ?? "" }
    }

    @Test("a tag finds its notes, whether imported, taken with -t or added by margin tag, though their text lacks the word")
    func tagOnly() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try await ShortFlagDateTests.importing([ShortFlagDateTests.record("the herd thundered in", created: Date(), tags: ["stampede"]),
                                                    ShortFlagDateTests.record("quiet night", created: Date())], into: sandbox)
            #expect(try await Self.found(sandbox, "stampede") == ["the herd thundered in"])
            _ = try await sandbox.take("taken with a tag", "--tag", "wildebeest")
            let later = try await sandbox.take("tagged afterwards")
            #expect(try await sandbox.margin("tag", later, "+wildebeest").status == 0)
            #expect(Set(try await Self.found(sandbox, "wildebeest")) == ["taken with a tag", "tagged afterwards"])
            #expect(try await sandbox.margin("tag", later, "-wildebeest").status == 0)
            #expect(try await Self.found(sandbox, "wildebeest") == ["taken with a tag"])
        }
    }

    @Test("a show's name and an episode's title find the notes pinned to them; a match in the text ranks first")
    func titles() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let now = Date()
            try await ShortFlagDateTests.importing([
                Self.pinned("a thought mid-episode", episode: "512ojhOuo1ktJprKbVcKyQ", name: "Ep. 42 — Naming things",
                            show: "Craft, Code & Curiosity", created: now),
                ShortFlagDateTests.record("naming is the whole job", created: now.addingTimeInterval(-3_600)),
                ShortFlagDateTests.record("unrelated", created: now),
            ], into: sandbox)
            #expect(try await Self.found(sandbox, "curiosity") == ["a thought mid-episode"])
            #expect(try await Self.found(sandbox, "naming") == ["naming is the whole job", "a thought mid-episode"])
            #expect(try await Self.found(sandbox, "naming", "thought") == ["a thought mid-episode"], "words may match in different columns")
        }
    }

    @Test("an episode's title learned after the note was taken becomes searchable")
    func titleLearnedLater() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await ShortFlagDateTests.importing([
                Self.pinned("pinned while offline", episode: "jKhXScw0HeNK2DRf3vAwOi", name: nil, show: nil),
                ShortFlagDateTests.record("a spare note", created: Date()),
            ], into: sandbox)
            #expect(try await Self.found(sandbox, "joy", "deleting").isEmpty)
            // Pinning another note to the episode asks Spotify for it, which fills in the names.
            let spare = try await sandbox.notes("search", "spare", "--json").first?["id"] as? String
            let pin = try await sandbox.margin("pin", try #require(spare), "--episode", "jKhXScw0HeNK2DRf3vAwOi", "--at", "1:00")
            #expect(pin.status == 0, "\(pin.stderr)")
            #expect(Set(try await Self.found(sandbox, "joy", "deleting")) == ["pinned while offline", "a spare note"])
            #expect(try await Self.found(sandbox, "curiosity").count == 2)
        }
    }
}
