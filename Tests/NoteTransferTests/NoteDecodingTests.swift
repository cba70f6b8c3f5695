import Foundation
import Testing
import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("one note object read with the import's parser")
struct NoteDecodingTests {
    @Test("what the encoder writes reads back as the same note: pinned, unpinned, tags, non-ASCII, several lines, a track")
    func roundTrip() throws {
        var track = episodePin()
        track.itemType = "track"
        track.itemURI = "spotify:track:\(track.itemID)"
        (track.showID, track.showName) = (nil, nil)
        let notes = [
            note("the bit about cache stampedes", tags: ["caching", "ops"], pin: episodePin()),
            note("unpinned, with \"quotes\" and a \\ backslash"),
            note("über naïve café — 日本語 🎧\nsecond line\r\nthird", tags: ["日本"], pin: episodePin(named: false)),
            note("during music", pin: track),
        ]
        for note in notes {
            let json = NoteEncoding.object(note)
            #expect(try NoteDecoding.note(json).get() == note, "\(json)")
        }
    }

    @Test("what is not one note object is refused with the import's reason", arguments: [
        "", "[]", "{\"text\": 3}", "{} {}", #"{"id":"x","text":"t"}"#,
    ])
    func refused(json: String) {
        #expect(throws: NoteDecoding.Failure.self) { try NoteDecoding.note(json).get() }
    }
}
