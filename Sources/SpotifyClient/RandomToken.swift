/// Random strings from the system CSPRNG (`SystemRandomNumberGenerator` reads getrandom(2)).
public enum RandomToken {
    /// RFC 3986 unreserved characters, the PKCE verifier alphabet.
    public static let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// Letters and digits only, for `state`.
    public static let alphanumeric = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// A string of `length` characters drawn uniformly from `alphabet`.
    public static func make(length: Int, alphabet: [Character] = alphanumeric) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
