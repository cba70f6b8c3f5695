import Foundation

/// Finds the one item a name means: an exact match (ignoring case, accents and runs of spaces)
/// wins; then a name that starts with it; then, when none does, a name that contains it.
/// Several items at the first of these steps that finds any make the name ambiguous.
public enum NameMatch {
    /// The single candidate `name` means, nil when none matches; several matches throw
    /// ``NameMatchFailure/ambiguous(kind:name:candidates:)``.
    public static func one<Item>(_ name: String, kind: String, in items: [Item], name itemName: (Item) -> String?,
                          id: (Item) -> String) throws(NameMatchFailure) -> Item? {
        let wanted = fold(name)
        guard !wanted.isEmpty else { return nil }
        let named = items.compactMap { item in itemName(item).map { (item, fold($0)) } }
        var matches = named.filter { $0.1 == wanted }
        if matches.isEmpty { matches = named.filter { $0.1.hasPrefix(wanted) } }
        if matches.isEmpty { matches = named.filter { $0.1.contains(wanted) } }
        // The same item listed twice (a device id seen once per call) is still one item.
        var seen = Set<String>()
        matches = matches.filter { seen.insert(id($0.0)).inserted }
        guard matches.count <= 1 else {
            let candidates = matches.prefix(10).map { "'\(Terminal.sanitize(itemName($0.0) ?? ""))' (\(id($0.0)))" }
            throw .ambiguous(kind: kind, name: name, candidates: candidates)
        }
        return matches.first?.0
    }

    /// Lowercased, without diacritics, with white space folded to single spaces.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// A name that does not say which item it means.
public enum NameMatchFailure: LocalizedError, Equatable {
    case ambiguous(kind: String, name: String, candidates: [String])
    case none(kind: String, name: String, remedy: String)

    public var errorDescription: String? {
        switch self {
        case .ambiguous(let kind, let name, let candidates):
            "'\(Terminal.sanitize(name))' matches several \(kind)s: \(candidates.joined(separator: ", ")); give the id or the whole name"
        case .none(let kind, let name, let remedy):
            "no \(kind) named '\(Terminal.sanitize(name))'; \(remedy)"
        }
    }
}
