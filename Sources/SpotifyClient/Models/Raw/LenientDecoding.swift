/// Tolerant field access for the raw Spotify types.
///
/// Spotify adds, drops and retypes fields over the years (see SPOTIFY.md): a field margin does not
/// strictly need must never fail a whole reply. Missing, null and wrongly typed all read as nil;
/// mappings into margin's models decide what is really required.
extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is absent, null or not a `T`.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// An integer at `key`; also accepts a whole JSON float (`1234.0`), which some replies carry.
    func lenientInt(_ key: Key) -> Int? {
        if let value = lenient(Int.self, key) { return value }
        guard let value = lenient(Double.self, key), value.isFinite, abs(value) < 9e15 else { return nil }
        return Int(value.rounded())
    }

    /// An array at `key` whose null or malformed elements are dropped instead of failing it all
    /// (search pages contain `null` items).
    func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T]? {
        lenient([Lossy<T>].self, key).map { $0.compactMap(\.value) }
    }
}

/// One array element that decodes to nil instead of failing its array.
struct Lossy<T: Decodable>: Decodable {
    var value: T?

    init(from decoder: any Decoder) throws {
        value = try? decoder.singleValueContainer().decode(T.self)
    }
}
