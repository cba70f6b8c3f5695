import Foundation

extension PlaybackSnapshot {
    /// Maps a currently-playing or player-state reply into margin's terms.
    init(_ raw: RawPlayback, receivedAt: Date) {
        let item = raw.item
        // Without `currently_playing_type` the item's own `type` is the next best witness.
        let kind = ItemKind(spotifyType: raw.currentlyPlayingType ?? item?.type ?? "unknown")
        self.init(
            kind: kind,
            itemID: item?.id,
            itemURI: item?.uri ?? Self.uri(kind: kind, id: item?.id),
            itemName: item?.name,
            showID: kind == .episode ? item?.show?.id : nil,
            showName: kind == .episode ? item?.show?.name : nil,
            artistNames: kind == .track ? (item?.artists ?? []).compactMap(\.name) : [],
            progressMs: raw.progressMs,
            durationMs: item?.durationMs,
            isPlaying: raw.isPlaying ?? false,
            device: raw.device.map(Device.init),
            receivedAt: receivedAt
        )
    }

    /// `spotify:episode:ID` or `spotify:track:ID` when the reply had an id but no uri.
    private static func uri(kind: ItemKind, id: String?) -> String? {
        guard let id else { return nil }
        switch kind {
        case .episode: return "spotify:episode:\(id)"
        case .track: return "spotify:track:\(id)"
        case .ad, .unknown: return nil
        }
    }
}
