import Foundation

/// Decoded `application/x-www-form-urlencoded` fields, from a query string or a request body.
///
/// Hand-rolled rather than Hummingbird's query parser because form bodies encode spaces as
/// `+`, and the same rules must apply to `/api/token` bodies and to query strings.
struct FormFields: Sendable {
    private var pairs: [(name: String, value: String)] = []

    init(_ encoded: String?) {
        guard let encoded, !encoded.isEmpty else { return }
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormFields.decode(pieces[0])
            let value = pieces.count > 1 ? FormFields.decode(pieces[1]) : ""
            pairs.append((name, value))
        }
    }

    /// The first value named `name`, or nil.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The value, or nil when absent or empty (Spotify treats `code=` like a missing code).
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Percent-encodes a value for a query string (RFC 3986 unreserved characters stay).
    static func encode(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
