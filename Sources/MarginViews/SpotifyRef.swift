import Foundation
import SpotifyLinks

/// An episode or show typed by a user: a 22-character base62 id, `spotify:episode:ID`,
/// `https://open.spotify.com/episode/ID?si=…` (locale paths like `/intl-de/` too) or
/// `spotify://episode/ID`.
public struct SpotifyRef: Sendable, Equatable {
    public enum Kind: String, Sendable { case episode, show, track }
    public let kind: Kind
    public let id: String

    public init(kind: Kind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// Parses `text` as a reference to a `kind` item; nil for anything else (including another kind).
    public init?(parsing raw: String, as kind: Kind) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard text.count <= 512 else { return nil }
        var parsedKind = kind
        var id: Substring
        if Self.isID(text) {
            id = Substring(text)
        } else if text.hasPrefix("spotify:"), !text.hasPrefix("spotify://") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let k = Kind(rawValue: String(parts[1])) else { return nil }
            parsedKind = k
            id = parts[2]
        } else if let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() {
            var segments = components.path.split(separator: "/")
            if scheme == "spotify" {
                guard let host = components.host else { return nil }
                segments.insert(Substring(host), at: 0)
            } else {
                guard scheme == "https" || scheme == "http", components.host?.lowercased() == "open.spotify.com" else { return nil }
                if let first = segments.first, first.lowercased().hasPrefix("intl-") { segments.removeFirst() }
            }
            guard segments.count == 2, let k = Kind(rawValue: String(segments[0])) else { return nil }
            parsedKind = k
            id = segments[1]
        } else {
            return nil
        }
        guard parsedKind == kind, Self.isID(String(id)) else { return nil }
        self.kind = kind
        self.id = String(id)
    }

    public var uri: String { "spotify:\(kind.rawValue):\(id)" }

    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 22 && text.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    public static func examples(_ kind: Kind) -> String {
        let id = kind == .show ? "5CfCWKI5pZ28U0uOzXkDHe" : "512ojhOuo1ktJprKbVcKyQ"
        return "\(id), spotify:\(kind.rawValue):\(id) or \(SpotifyLink.item(kind.rawValue, id))"
    }
}
