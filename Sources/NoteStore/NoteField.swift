/// The contract's note object, field by field: the one table of its 16 keys, in the contract's
/// order. The JSON encoders, CSV's header and the import checker all read their keys from here.
public enum NoteField: Int, CaseIterable, Sendable {
    case id, text, tags, createdAt, updatedAt, pinned
    case itemType, itemID, itemURI, itemName, showID, showName
    case progressMs, durationMs, position, link

    /// The key as the note object, CSV's header and the schema spell it.
    public var key: String { Self.keys[rawValue] }

    /// Every key, in order.
    public static let keys = [
        "id", "text", "tags", "created_at", "updated_at", "pinned",
        "item_type", "item_id", "item_uri", "item_name", "show_id", "show_name",
        "progress_ms", "duration_ms", "position", "link",
    ]

    /// What JSON writes before the field's value: `{"id":` for the first, `,"key":` after.
    package var jsonPrefix: [UInt8] { Self.jsonPrefixes[rawValue] }

    private static let jsonPrefixes: [[UInt8]] = keys.enumerated().map { index, key in
        Array(((index == 0 ? "{" : ",") + "\"" + key + "\":").utf8)
    }

    /// The fields an unpinned note has null, `pinned` excluded: every pin field, position and link.
    package static let pinFields = allCases.filter { $0 >= .itemType }
}

extension NoteField: Comparable {
    public static func < (left: NoteField, right: NoteField) -> Bool { left.rawValue < right.rawValue }
}
