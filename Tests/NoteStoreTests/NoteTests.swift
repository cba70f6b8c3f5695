import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Note values")
struct NoteTests {
    @Test("position reads m:ss under an hour and h:mm:ss from an hour on")
    func position() {
        #expect(Note(text: "a", pin: episodePin(at: 754_321)).position == "12:34")
        #expect(Note(text: "a", pin: episodePin(at: 3_723_999)).position == "1:02:03")
        #expect(Note(text: "a", pin: episodePin(at: 5_000)).position == "0:05")
        #expect(Note(text: "a", pin: episodePin(at: -10)).position == "0:00")
        #expect(Note(text: "a").position == nil)
    }

    @Test("link opens the episode or track at the second")
    func link() {
        #expect(Note(text: "a", pin: episodePin(at: 754_321)).link
            == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754")
        let track = Pin(itemType: "track", itemID: "4uLU6hMCjMI75M1A2tKUQC",
                        itemURI: "spotify:track:4uLU6hMCjMI75M1A2tKUQC", progressMs: 61_000)
        #expect(Note(text: "a", pin: track).link == "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?t=61")
        #expect(Note(text: "a").link == nil)
    }

    @Test("a new note has a lowercase UUID, sorted unique tags and updatedAt = createdAt")
    func defaults() throws {
        let made = Note(text: "x", tags: ["b", " a ", "b", "", "c\u{1F}d\n"], createdAt: moment(0.0004))
        #expect(UUID(uuidString: made.id) != nil)
        #expect(made.id == made.id.lowercased())
        #expect(made.tags == ["a", "b", "cd"])
        #expect(made.updatedAt == made.createdAt)
        #expect(made.createdAt == NoteTimestamp.rounded(moment()))
        #expect(!made.pinned)
    }

    @Test("pins encode with the contract's snake_case keys")
    func pinCoding() throws {
        let data = try JSONEncoder().encode(episodePin())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == [
            "item_type", "item_id", "item_uri", "item_name", "show_id", "show_name", "progress_ms", "duration_ms",
        ])
        #expect(try JSONDecoder().decode(Pin.self, from: data) == episodePin())
    }
}
