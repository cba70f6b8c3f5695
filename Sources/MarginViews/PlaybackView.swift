import Foundation
import SpotifyClient
import SpotifyLinks

/// How a playback snapshot reads, for people and for scripts.
public struct PlaybackView: Encodable {
    public var isPlaying: Bool
    public var itemType: String
    public var itemID: String?
    public var itemURI: String?
    public var itemName: String?
    public var showID: String?
    public var showName: String?
    public var artists: [String]
    public var progressMs: Int?
    public var durationMs: Int?
    public var position: String?
    public var link: String?
    public var device: Device?

    public enum CodingKeys: String, CodingKey {
        case isPlaying = "is_playing", itemType = "item_type", itemID = "item_id", itemURI = "item_uri"
        case itemName = "item_name", showID = "show_id", showName = "show_name", artists
        case progressMs = "progress_ms", durationMs = "duration_ms", position, link, device
    }

    public init(_ snapshot: PlaybackSnapshot, at now: Date = Date()) {
        isPlaying = snapshot.isPlaying
        itemType = Self.name(snapshot.kind)
        itemID = snapshot.itemID
        itemURI = snapshot.itemURI
        itemName = snapshot.itemName
        showID = snapshot.showID
        showName = snapshot.showName
        artists = snapshot.artistNames
        progressMs = snapshot.position(at: now)
        durationMs = snapshot.durationMs
        position = progressMs.map(TimeValue.format(milliseconds:))
        link = Self.link(kind: snapshot.kind, id: snapshot.itemID, progressMs: progressMs)
        device = snapshot.device
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isPlaying, forKey: .isPlaying)
        try container.encode(itemType, forKey: .itemType)
        try container.encode(itemID, forKey: .itemID)
        try container.encode(itemURI, forKey: .itemURI)
        try container.encode(itemName, forKey: .itemName)
        try container.encode(showID, forKey: .showID)
        try container.encode(showName, forKey: .showName)
        try container.encode(artists, forKey: .artists)
        try container.encode(progressMs, forKey: .progressMs)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(position, forKey: .position)
        try container.encode(link, forKey: .link)
        try container.encode(device, forKey: .device)
    }

    public static func name(_ kind: PlaybackSnapshot.ItemKind) -> String {
        switch kind {
        case .episode: "episode"
        case .track: "track"
        case .ad: "ad"
        case .unknown(let other): other
        }
    }

    /// `https://open.spotify.com/episode/ID?t=SECONDS` (tracks without `t`).
    public static func link(kind: PlaybackSnapshot.ItemKind, id: String?, progressMs: Int?) -> String? {
        guard let id else { return nil }
        switch kind {
        case .episode: return SpotifyLink.episode(id, atMs: progressMs)
        case .track: return SpotifyLink.track(id)
        default: return nil
        }
    }

    /// `Show · Episode` (or `Artists · Track`).
    public var title: String {
        if itemType == "ad" { return "Advertisement" }
        let context = showName ?? (artists.isEmpty ? nil : artists.joined(separator: ", "))
        return [context, itemName ?? "(unknown item)"].compactMap { $0 }.map(Terminal.sanitize).joined(separator: " · ")
    }

    /// `12:34 / 1:02:03`.
    public var clock: String {
        let now = position ?? "-:--"
        return durationMs.map { "\(now) / \(TimeValue.format(milliseconds: $0))" } ?? now
    }

    public var symbol: String { isPlaying ? "▶" : "⏸" }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
