import Foundation

/// Links to open.spotify.com, which open an episode, a track or a show in any Spotify app or
/// the web player: the one place margin builds them.
///
/// `?t=SECONDS` starts an episode at a moment: undocumented but widely honoured
/// (`PUT /me/player/play` is the reliable way to jump). Seconds are whole, never negative.
public enum SpotifyLink {
    /// `https://open.spotify.com/`.
    public static let web = "https://open.spotify.com/"

    /// What a link opens: its path's first segment.
    public enum Kind: String, Sendable, CaseIterable {
        case episode, track, show
    }

    /// `https://open.spotify.com/KIND/ID`, with `?t=SECONDS` when `atMs` is given.
    public static func to(_ kind: Kind, _ id: String, atMs: Int? = nil) -> String {
        item(kind.rawValue, id, atMs: atMs)
    }

    /// `https://open.spotify.com/episode/ID`, with `?t=SECONDS` when `atMs` is given.
    public static func episode(_ id: String, atMs: Int? = nil) -> String { to(.episode, id, atMs: atMs) }

    /// `https://open.spotify.com/track/ID`, with `?t=SECONDS` when `atMs` is given.
    public static func track(_ id: String, atMs: Int? = nil) -> String { to(.track, id, atMs: atMs) }

    /// `https://open.spotify.com/show/ID`.
    public static func show(_ id: String) -> String { to(.show, id) }

    /// A link for an item type as the store and the Web API name it (`episode`, `track`).
    public static func item(_ type: String, _ id: String, atMs: Int? = nil) -> String {
        var link = prefix(type) + escaped(id)
        if let atMs { link += "?t=\(seconds(atMs))" }
        return link
    }

    /// `https://open.spotify.com/TYPE/`: for encoders that write the id's bytes themselves.
    public static func prefix(_ type: String) -> String { web + type + "/" }

    /// The `t` of a link: whole seconds of `ms`, 0 for a negative position.
    public static func seconds(_ ms: Int) -> Int { max(ms, 0) / 1000 }

    /// Whether `byte` goes into a link unchanged: an ASCII letter or digit, base62's alphabet.
    /// An id made of these alone is written as it is.
    public static func isPlain(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// `id` safe as one path segment. Spotify's ids are base62 and pass unchanged; anything
    /// else an API answer might carry is percent-encoded rather than break the link.
    static func escaped(_ id: String) -> String {
        if id.utf8.allSatisfy(isPlain) { return id }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
