import Foundation
import Testing
@testable import SpotifyClient

@Suite("Playback snapshots")
struct PlaybackSnapshotTests {
    let received = Date(timeIntervalSince1970: 1_800_000_000)

    func snapshot(_ path: String) throws -> PlaybackSnapshot {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(path))
        return PlaybackSnapshot(try JSONDecoder().decode(RawPlayback.self, from: data), receivedAt: received)
    }

    func snapshot(json: String) throws -> PlaybackSnapshot {
        PlaybackSnapshot(try JSONDecoder().decode(RawPlayback.self, from: Data(json.utf8)), receivedAt: received)
    }

    @Test("an episode reply names the episode, its show and where it is")
    func episode() throws {
        let snapshot = try snapshot("currently-playing/java-episode.json")
        #expect(snapshot.kind == .episode)
        #expect(snapshot.itemID == "4GI3dxEafwap1sFiTGPKd1")
        #expect(snapshot.itemURI == "spotify:episode:4GI3dxEafwap1sFiTGPKd1")
        #expect(snapshot.itemName == "The Giant Beastcast: Episode 0")
        #expect(snapshot.showID == "5AvwZVawapvyhJUIx71pdJ")
        #expect(snapshot.showName == "The Giant Beastcast")
        #expect(snapshot.artistNames.isEmpty)
        #expect(snapshot.progressMs == 3_636_145)
        #expect(snapshot.durationMs == 8_052_140)
        #expect(snapshot.isPlaying)
        #expect(snapshot.device == nil)
        #expect(snapshot.receivedAt == received)
    }

    @Test("a track reply lists its artists and no show")
    func track() throws {
        let snapshot = try snapshot("currently-playing/java-track.json")
        #expect(snapshot.kind == .track)
        #expect(snapshot.itemName == "Dancing Queen")
        #expect(snapshot.artistNames == ["ABBA"])
        #expect(snapshot.showID == nil && snapshot.showName == nil)
        #expect(snapshot.progressMs == 78_810 && snapshot.durationMs == 230_400)
        #expect(!snapshot.isPlaying)
    }

    @Test("player state adds the active device")
    func device() throws {
        let snapshot = try snapshot("player-state/java-episode.json")
        let device = try #require(snapshot.device)
        #expect(device == Device(id: "5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e", name: "My fridge", type: "Computer",
                                 isActive: true, isRestricted: false, volumePercent: 100))
        #expect(snapshot.itemID == "78iZfkNcsOJZVhmSQdYNUb")
    }

    @Test("an ad has no item but is still an ad")
    func ad() throws {
        let snapshot = try snapshot(json: #"{"timestamp":1,"progress_ms":4000,"item":null,"currently_playing_type":"ad","is_playing":true}"#)
        #expect(snapshot.kind == .ad)
        #expect(snapshot.itemID == nil && snapshot.itemName == nil && snapshot.durationMs == nil)
        #expect(snapshot.isPlaying)
    }

    @Test("a type margin has not met is kept as data, not an error")
    func unknownType() throws {
        let snapshot = try snapshot(json: #"""
            {"progress_ms":null,"is_playing":false,"currently_playing_type":"audiobook_chapter",
             "context":{"type":"collectionyourepisodes","uri":"spotify:user:x:collection:your-episodes"},
             "item":{"id":"abc","name":"Chapter 1","type":"chapter"}}
            """#)
        #expect(snapshot.kind == .unknown("audiobook_chapter"))
        #expect(snapshot.itemName == "Chapter 1")
        #expect(snapshot.itemURI == nil)
        #expect(snapshot.progressMs == nil)
        #expect(try self.snapshot(json: #"{"currently_playing_type":"unknown","item":null}"#).kind == .unknown("unknown"))
    }

    @Test("without currently_playing_type the item's own type decides")
    func missingType() throws {
        let snapshot = try snapshot(json: #"{"is_playing":true,"item":{"id":"e1","type":"episode","duration_ms":10,"show":{"id":"s","name":"S"}}}"#)
        #expect(snapshot.kind == .episode)
        #expect(snapshot.itemURI == "spotify:episode:e1")
        #expect(snapshot.showName == "S")
    }

    @Test("fields of the wrong type read as missing instead of failing the reply")
    func wrongTypes() throws {
        let snapshot = try snapshot(json: #"{"is_playing":"yes","progress_ms":"12","timestamp":1.5e12,"item":{"id":"t","type":"track","duration_ms":2000.0,"artists":[null,{"name":"A"},7]},"currently_playing_type":"track","device":[]}"#)
        #expect(!snapshot.isPlaying)
        #expect(snapshot.progressMs == nil)
        #expect(snapshot.durationMs == 2000)
        #expect(snapshot.artistNames == ["A"])
        #expect(snapshot.device == nil)
    }

    @Test("the position runs on while playing and stops at the end")
    func extrapolation() {
        let playing = PlaybackSnapshot(kind: .episode, progressMs: 10_000, durationMs: 60_000, isPlaying: true, receivedAt: received)
        #expect(playing.position(at: received) == 10_000)
        #expect(playing.position(at: received.addingTimeInterval(2.5)) == 12_500)
        #expect(playing.position(at: received.addingTimeInterval(3600)) == 60_000)
        #expect(playing.position(at: received.addingTimeInterval(-5)) == 10_000)
        #expect(playing.position(at: .distantFuture) == 60_000)
    }

    @Test("the position stands still while paused, and is unknown without progress")
    func paused() {
        let paused = PlaybackSnapshot(kind: .track, progressMs: 10_000, durationMs: 60_000, isPlaying: false, receivedAt: received)
        #expect(paused.position(at: received.addingTimeInterval(30)) == 10_000)
        let unknown = PlaybackSnapshot(kind: .ad, isPlaying: true, receivedAt: received)
        #expect(unknown.position(at: received.addingTimeInterval(30)) == nil)
        let noDuration = PlaybackSnapshot(kind: .unknown("x"), progressMs: 0, isPlaying: true, receivedAt: received)
        #expect(noDuration.position(at: received.addingTimeInterval(1)) == 1000)
    }
}
