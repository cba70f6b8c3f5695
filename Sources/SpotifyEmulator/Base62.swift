/// Random base62 strings for tokens and codes, and the check for Spotify ids.
enum Base62 {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// `count` characters drawn from the system's cryptographic generator.
    static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var out = ""
        out.reserveCapacity(count)
        for _ in 0..<count {
            out.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return out
    }

    /// True for a Spotify id: exactly 22 ASCII letters and digits.
    static func isSpotifyID(_ value: String) -> Bool {
        value.utf8.count == 22 && value.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
    }
}
