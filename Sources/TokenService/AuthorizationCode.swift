/// What a Spotify authorization code looks like, checked before `/swap` spends an upstream call
/// on it: codes are opaque, but every one Spotify issues is a long run of base64url characters
/// (`AQ…`, a few hundred of them). The bounds are loose on purpose; junk (empty, short, spaces,
/// quotes, control characters, megabytes) never reaches Spotify.
enum AuthorizationCode {
    /// Shorter than any code Spotify issues.
    static let minimumLength = 32
    /// Far longer than any code Spotify issues.
    static let maximumLength = 1024

    static func isPlausible(_ code: String) -> Bool {
        let bytes = code.utf8
        return (minimumLength...maximumLength).contains(bytes.count) && bytes.allSatisfy(Base64URL.isAlphabet)
    }
}
