/// Spotify's base62 ids, checked before one goes into a URL path.
public enum SpotifyID {
    /// True for exactly 22 ASCII letters and digits, the shape of every Spotify id.
    public static func isValid(_ id: String) -> Bool {
        id.utf8.count == 22 && id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    /// Returns `id` when it is valid. Otherwise throws ``SpotifyError/notFound(endpoint:)``
    /// without sending anything: a malformed id can name no item, and unchecked text must never
    /// become part of a URL path (`../`, `?`, `#` would change which endpoint is called).
    static func checked(_ id: String, endpoint: (String) -> String) throws(SpotifyError) -> String {
        guard isValid(id) else { throw .notFound(endpoint: endpoint(printable(id))) }
        return id
    }

    /// `id` made safe to show in an error: printable ASCII only, at most 40 characters, so a
    /// pasted escape sequence or a whole paragraph cannot reach the terminal.
    static func printable(_ id: String) -> String {
        let cleaned = String(id.unicodeScalars.prefix(40).map { (0x21...0x7E).contains($0.value) ? Character($0) : "?" })
        return id.unicodeScalars.count > 40 ? cleaned + "…" : cleaned
    }
}
