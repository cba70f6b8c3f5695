import Foundation
import Testing
@testable import SpotifyClient

/// `shared/fixtures/spotify/`, beside the repository.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/fixtures/spotify")

func fixtures(in folder: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: fixturesDirectory.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "json" }
        .sorted { $0.path < $1.path }
}

/// The fixture folders, sorted.
func fixtureFolders() throws -> [String] {
    try FileManager.default.contentsOfDirectory(at: fixturesDirectory, includingPropertiesForKeys: [.isDirectoryKey])
        .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        .map(\.lastPathComponent)
        .sorted()
}

@Suite("Recorded Spotify responses")
struct FixtureTests {
    @Test("every recorded /me decodes")
    func me() throws {
        let files = try fixtures(in: "me")
        #expect(!files.isEmpty)
        for file in files {
            let user = try JSONDecoder().decode(SpotifyUser.self, from: Data(contentsOf: file))
            #expect(!user.id.isEmpty, "\(file.lastPathComponent)")
        }
    }

    @Test("a development-mode /me without product, country or email decodes")
    func devModeMe() throws {
        let user = try JSONDecoder().decode(SpotifyUser.self, from: Data(#"{"id":"u","display_name":null,"type":"user"}"#.utf8))
        #expect(user.product == nil && user.displayName == nil)
    }

    @Test("every file in every fixture folder decodes with the model its folder names")
    func walker() throws {
        let folders = try fixtureFolders()
        #expect(!folders.isEmpty)
        var decoded = 0, total = 0
        for folder in folders {
            guard let check = FixtureModels.table[folder] else {
                Issue.record("fixture folder '\(folder)' has no model: add it to FixtureModels.table")
                continue
            }
            let files = try fixtures(in: folder)
            total += files.count
            #expect(!files.isEmpty, "fixture folder '\(folder)' holds no .json file")
            for file in files {
                do {
                    try check(Data(contentsOf: file))
                    decoded += 1
                } catch {
                    Issue.record("\(folder)/\(file.lastPathComponent): \(error)")
                }
            }
        }
        #expect(decoded == total && total > 0)
    }

    @Test("the model table names only folders that exist")
    func noStaleMappings() throws {
        #expect(Set(FixtureModels.table.keys).subtracting(try fixtureFolders()).isEmpty)
    }
}

/// How each fixture folder decodes: the endpoint's raw type mapped into margin's model, the way
/// ``SpotifyAPI`` does it. One entry per folder; a new folder fails the walker until it has one.
enum FixtureModels {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static let table: [String: @Sendable (Data) throws -> Void] = [
        "currently-playing": { try playback($0, withDevice: false) },
        "player-state": { try playback($0, withDevice: true) },
        "devices": { data in
            let list = try decode(RawDeviceList.self, data)
            try require(list.devices.map(Device.init).allSatisfy { !$0.name.isEmpty }, "a device without a name")
        },
        "episodes": { data in _ = try require(Episode(try decode(RawEpisode.self, data)), "no id or duration") },
        "shows": { data in _ = try require(Show(try decode(RawShow.self, data)), "no id") },
        "show-episodes": { data in try page(decode(RawPage<RawEpisode>.self, data)) { Episode($0) } },
        "me": { data in _ = try decode(SpotifyUser.self, data) },
        "saved": saved,
        "search": { data in
            let search = try decode(RawSearch.self, data)
            try require(search.episodes != nil || search.shows != nil, "neither episodes nor shows")
            if let episodes = search.episodes { try page(episodes) { Episode($0) } }
            if let shows = search.shows { try page(shows, Show.init) }
        },
    ]

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(T.self, from: data)
    }

    @discardableResult
    static func require<T>(_ value: T?, _ why: String) throws -> T {
        guard let value else { throw Mismatch(description: why) }
        return value
    }

    static func require(_ condition: Bool, _ why: String) throws {
        if !condition { throw Mismatch(description: why) }
    }

    /// A playback reply maps to a snapshot with an item; player state also has a device.
    static func playback(_ data: Data, withDevice: Bool) throws {
        let snapshot = PlaybackSnapshot(try decode(RawPlayback.self, data), receivedAt: Date())
        try require(snapshot.itemID, "no item id")
        try require(snapshot.kind == .episode || snapshot.kind == .track, "kind \(snapshot.kind)")
        if withDevice { try require(snapshot.device, "no device") }
    }

    /// Every non-null item of the page maps.
    static func page<Raw, Item: Sendable>(_ raw: RawPage<Raw>, _ map: (Raw) -> Item?) throws {
        let page = Page(raw, offset: 0, limit: 50, map: map)
        try require(page.items.count == raw.items.count, "\(raw.items.count - page.items.count) items did not map")
    }

    /// `/me/episodes` and `/me/shows` share the folder: the items say which one a file is.
    static func saved(_ data: Data) throws {
        let episodes = try decode(RawPage<RawSavedEpisode>.self, data)
        if episodes.items.contains(where: { $0.episode != nil }) {
            try page(episodes) { $0.episode.flatMap { Episode($0) } }
        } else {
            try page(try decode(RawPage<RawSavedShow>.self, data)) { $0.show.flatMap(Show.init) }
        }
    }
}
