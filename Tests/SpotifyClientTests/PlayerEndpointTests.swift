import Foundation
import SpotifyEmulator
import Testing
@testable import SpotifyClient

@Suite("Player endpoints against the emulator")
struct PlayerEndpointTests {
    let catalog = CatalogSummary.builtIn

    @Test("currently-playing names the episode, its show and the live position, and asks for episodes")
    func episode() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            let snapshot = try #require(try await live.api.currentlyPlaying())
            let show = try #require(catalog.shows.first { $0.episodes.contains { $0.id == Scenario.Playback.defaultEpisodeID } })
            let episode = try #require(show.episodes.first { $0.id == Scenario.Playback.defaultEpisodeID })
            #expect(snapshot.kind == .episode)
            #expect(snapshot.itemID == episode.id && snapshot.itemName == episode.name)
            #expect(snapshot.itemURI == "spotify:episode:\(episode.id)")
            #expect(snapshot.showID == show.id && snapshot.showName == show.name)
            #expect(snapshot.durationMs == episode.durationMs)
            #expect(try #require(snapshot.progressMs) >= 754_000)
            #expect(snapshot.isPlaying && snapshot.device == nil)
            let request = try #require(await live.apiRequests().last)
            #expect(request.path == "/v1/me/player/currently-playing")
            #expect(request.query.split(separator: "&").contains("additional_types=episode"))
        }
    }

    @Test("currently-playing a paused track lists its artists")
    func track() async throws {
        let track = try #require(catalog.tracks.last)
        try await LiveSpotify.run(Scenario(playback: .init(kind: .track, id: track.id, progressMs: 1_000, isPlaying: false))) { live in
            let snapshot = try #require(try await live.api.currentlyPlaying(market: "GB"))
            #expect(snapshot.kind == .track)
            #expect(snapshot.itemName == track.name && snapshot.artistNames == track.artists)
            #expect(snapshot.showID == nil)
            #expect(snapshot.progressMs == 1_000 && !snapshot.isPlaying)
            #expect(try #require(await live.apiRequests().last).query.contains("market=GB"))
        }
    }

    @Test("an ad comes back as an ad without an item")
    func ad() async throws {
        try await LiveSpotify.run(Scenario(playback: .init(kind: .ad, id: nil, progressMs: 0, isPlaying: true))) { live in
            let snapshot = try #require(try await live.api.currentlyPlaying())
            #expect(snapshot.kind == .ad && snapshot.itemID == nil)
        }
    }

    @Test("nothing playing is nil, not an error")
    func nothing() async throws {
        try await LiveSpotify.run(Scenario(playback: .nothing)) { live async throws in
            #expect(try await live.api.currentlyPlaying() == nil)
            #expect(try await live.api.playbackState() == nil)
        }
    }

    @Test("player state adds the active device")
    func state() async throws {
        try await LiveSpotify.run { live in
            await live.emulator.clearRequestLog()
            let snapshot = try #require(try await live.api.playbackState())
            #expect(snapshot.device == Device(id: "a1b2c3d4e5f6", name: "Kitchen speaker", type: "Speaker",
                                              isActive: true, isRestricted: false, volumePercent: 60))
            #expect(snapshot.kind == .episode)
            let request = try #require(await live.apiRequests().last)
            #expect(request.path == "/v1/me/player" && request.query.contains("additional_types=episode"))
        }
    }

    @Test("player state without an active device is nil")
    func noActiveDevice() async throws {
        let idle = Scenario(devices: [.init(id: "phone1", name: "Phone", type: "Smartphone", isActive: false)])
        try await LiveSpotify.run(idle) { live async throws in
            #expect(try await live.api.playbackState() == nil)
        }
    }

    @Test("devices lists every device, active or not, with open-ended types")
    func devices() async throws {
        let devices: [Scenario.Device] = [
            .kitchenSpeaker,
            .init(id: "dongle1", name: "Car", type: "AudioDongle", isActive: false, volumePercent: nil),
        ]
        try await LiveSpotify.run(Scenario(devices: devices)) { live async throws in
            #expect(try await live.api.devices() == [
                Device(id: "a1b2c3d4e5f6", name: "Kitchen speaker", type: "Speaker", isActive: true, volumePercent: 60),
                Device(id: "dongle1", name: "Car", type: "AudioDongle", isActive: false, volumePercent: nil),
            ])
        }
    }
}
