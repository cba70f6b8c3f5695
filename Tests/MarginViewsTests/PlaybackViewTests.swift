import Foundation
import MarginViews
import SpotifyClient
import Testing

@Suite("what is playing, as margin shows it")
struct PlaybackViewTests {
    private let received = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("an episode playing moves on with the clock, and links to its moment")
    func episode() throws {
        let snapshot = PlaybackSnapshot(kind: .episode, itemID: "512ojhOuo1ktJprKbVcKyQ", itemName: "Ep. 42",
                                        showName: "Craft\u{1B}[2J", progressMs: 754_000, durationMs: 3_723_000,
                                        isPlaying: true, receivedAt: received)
        let view = PlaybackView(snapshot, at: received.addingTimeInterval(2))
        #expect(view.progressMs == 756_000)
        #expect(view.link == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=756")
        #expect(view.title == "Craft\u{FFFD}[2J · Ep. 42")
        #expect(view.clock == "12:36 / 1:02:03")
        #expect(view.symbol == "▶")
    }

    @Test("a paused track links without a moment and names its artists")
    func track() throws {
        let snapshot = PlaybackSnapshot(kind: .track, itemID: "4uLU6hMCjMI75M1A2tKUQC", itemName: "Song",
                                        artistNames: ["A", "B"], progressMs: 42_000, isPlaying: false, receivedAt: received)
        let view = PlaybackView(snapshot, at: received.addingTimeInterval(60))
        #expect(view.progressMs == 42_000)
        #expect(view.link == "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC")
        #expect(view.title == "A, B · Song")
        #expect(try view.json().contains(#""item_type":"track""#))
    }
}
