import Foundation
import Testing
@testable import SpotifyClient

@Suite("Models")
struct ModelTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test("unknown device types and release precisions are kept as text")
    func openEnums() throws {
        let list = try decode(RawDeviceList.self, #"{"devices":[{"id":null,"name":"Dongle","type":"AudioDongle","is_active":false,"volume_percent":null},null]}"#)
        #expect(list.devices.map(Device.init) == [Device(id: nil, name: "Dongle", type: "AudioDongle", isActive: false)])
        let episode = try #require(Episode(try decode(RawEpisode.self, #"{"id":"e","duration_ms":1,"release_date":"2026-W12","release_date_precision":"week"}"#)))
        #expect(episode.releaseDatePrecision == "week")
        #expect(episode.name == "" && episode.uri == "spotify:episode:e")
    }

    @Test("a negative resume point decodes and means the start")
    func negativeResume() throws {
        let raw = try decode(RawEpisode.self, #"{"id":"e","duration_ms":5,"resume_point":{"fully_played":false,"resume_position_ms":-1200}}"#)
        #expect(raw.resumePoint?.resumePositionMs == -1200)
        #expect(Episode(raw)?.resumePositionMs == 0)
        #expect(Episode(raw)?.fullyPlayed == false)
    }

    @Test("an episode without an id or a duration does not map")
    func requiredFields() throws {
        #expect(Episode(try decode(RawEpisode.self, #"{"duration_ms":5}"#)) == nil)
        #expect(Episode(try decode(RawEpisode.self, #"{"id":"e"}"#)) == nil)
        #expect(Show(try decode(RawShow.self, #"{"name":"x"}"#)) == nil)
    }

    @Test("a device prints with Spotify's snake_case keys, nulls included")
    func deviceJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let device = Device(id: "d1", name: "Kitchen", type: "Speaker", isActive: true, isRestricted: false, volumePercent: 60)
        #expect(String(decoding: try encoder.encode(device), as: UTF8.self)
            == #"{"id":"d1","is_active":true,"is_restricted":false,"name":"Kitchen","type":"Speaker","volume_percent":60}"#)
        let bare = Device(id: nil, name: "TV", type: "TV", isActive: false)
        #expect(String(decoding: try encoder.encode(bare), as: UTF8.self)
            == #"{"id":null,"is_active":false,"is_restricted":false,"name":"TV","type":"TV","volume_percent":null}"#)
        #expect(try JSONDecoder().decode(Device.self, from: encoder.encode(device)) == device)
    }

    @Test("an episode links to the web player, optionally at a moment")
    func links() {
        let episode = Episode(id: "4GI3dxEafwap1sFiTGPKd1", name: "E", durationMs: 1)
        #expect(episode.link.absoluteString == "https://open.spotify.com/episode/4GI3dxEafwap1sFiTGPKd1")
        #expect(episode.link(atMs: 754_900).absoluteString == "https://open.spotify.com/episode/4GI3dxEafwap1sFiTGPKd1?t=754")
    }

    @Test("search pages drop null items but keep Spotify's paging")
    func nullItems() throws {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("search/java-search-episodes.json"))
        let raw = try JSONDecoder().decode(RawSearch.self, from: data)
        let episodes = try #require(raw.episodes)
        #expect(episodes.items.count < episodes.rawCount)
        let page = Page(episodes, offset: 0, limit: 10) { Episode($0) }
        #expect(page.offset == 5 && page.limit == 10 && page.total == 14_440 && page.hasMore)
    }

    @Test("a page without next is the last one; without the key, the counts decide")
    func hasMore() throws {
        let last = try decode(RawPage<RawShow>.self, #"{"items":[{"id":"a"}],"total":5,"offset":0,"next":null}"#)
        #expect(!Page(last, offset: 0, limit: 1, map: Show.init).hasMore)
        let counted = try decode(RawPage<RawShow>.self, #"{"items":[{"id":"a"}],"total":5,"offset":0}"#)
        #expect(Page(counted, offset: 0, limit: 1, map: Show.init).hasMore)
        #expect(throws: DecodingError.self) { try decode(RawPage<RawShow>.self, #"{"total":5}"#) }
    }

    @Test("only 22 base62 characters make a Spotify id")
    func ids() {
        #expect(SpotifyID.isValid("4GI3dxEafwap1sFiTGPKd1"))
        for bad in ["", "4GI3dxEafwap1sFiTGPKd", "4GI3dxEafwap1sFiTGPKd12", "../../me/player/pause!!", "4GI3dxEafwap1sFiTGPK?1", "4GI3dxEafwap1sFiTGPKdé"] {
            #expect(!SpotifyID.isValid(bad), "\(bad)")
        }
        #expect(SpotifyID.printable("a\u{1B}[2Jb c") == "a?[2Jb?c")
        #expect(SpotifyID.printable(String(repeating: "x", count: 50)) == String(repeating: "x", count: 40) + "…")
    }
}
