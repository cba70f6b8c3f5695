import NoteStore
import SpotifyLinks

/// ``NoteEncoding``'s note object, written straight from an export row's stored bytes: those
/// of ``Note/columns``, then one tag (or NULL), one row per tag.
///
/// An export of a million notes spent most of its time turning rows into ``Note`` values
/// (strings, dates, tag arrays) only to turn them back into bytes. This writes the stored bytes
/// as they are: ids, names and times are copied with JSON's escapes, and position and link
/// are computed from the integers. It gives exactly ``NoteEncoding/appendObject(_:to:)``'s bytes
/// for the note ``Note/init(row:offset:)`` would read; a row it cannot vouch for (a time that
/// is not in canonical form, a column of an unexpected type, a NUL in a name, tags outside
/// ASCII) is declined, and the caller encodes that row through ``Note``.
package struct NoteRowEncoding {
    package init() {}

    /// What follows the tags of the object being written.
    private var tail: [UInt8] = []
    /// The last tag written, to check that tags come in order.
    private var previousTag: [UInt8] = []
    private var tagCount = 0

    /// Starts the object for the row's note: appends it up to the `[` of its tags, keeps what
    /// follows them for ``end(to:)``, and adds the row's tag from column 12 (a tag, or NULL for
    /// a note without tags). Returns false, leaving `out` as it was, when the row needs the
    /// general path.
    mutating func begin(_ row: NoteRow, to out: inout [UInt8]) -> Bool {
        let start = out.count
        guard beginColumns(row, to: &out), addTag(row, to: &out) else {
            out.removeSubrange(start...)
            return false
        }
        return true
    }

    /// Starts the object for a row whose column 12 holds all of the note's tags joined with
    /// U+001F, as ``Note/selection`` gives them, or NULL. Returns false, leaving `out` as it
    /// was, when the row needs the general path.
    package mutating func begin(joinedTags row: NoteRow, to out: inout [UInt8]) -> Bool {
        let start = out.count
        guard beginColumns(row, to: &out) else {
            out.removeSubrange(start...)
            return false
        }
        if row.kind(NoteRow.tags) != .null {
            guard let joined = Self.text(row, 12) else {
                out.removeSubrange(start...)
                return false
            }
            for tag in joined.split(separator: 0x1F, omittingEmptySubsequences: false) {
                guard addTag(UnsafeBufferPointer(rebasing: tag), to: &out) else {
                    out.removeSubrange(start...)
                    return false
                }
            }
        }
        return true
    }

    /// Appends the columns before the tags and keeps those after them.
    private mutating func beginColumns(_ row: NoteRow, to out: inout [UInt8]) -> Bool {
        tail.removeAll(keepingCapacity: true)
        tagCount = 0
        return Self.appendColumns(row, to: &out, tail: &tail)
    }

    /// Adds the tag in column 12 of a row (NULL for a note without tags); false when it needs
    /// the general path (see ``addTag(_:to:)``).
    mutating func addTag(_ row: NoteRow, to out: inout [UInt8]) -> Bool {
        switch row.kind(NoteRow.tags) {
        case .null:
            return tagCount == 0
        case .text:
            guard let tag = Self.text(row, 12) else { return false }
            return addTag(tag, to: &out)
        default:
            return false
        }
    }

    /// Adds one tag. Tags must be printable ASCII and come in order (the general path sorts
    /// them as Swift strings, and splits them at U+001F); false otherwise.
    private mutating func addTag(_ tag: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        guard !tag.isEmpty, tag.allSatisfy({ $0 >= 0x20 && $0 < 0x80 }) else { return false }
        if tagCount > 0 {
            guard previousTag.lexicographicallyPrecedes(tag) else { return false }
            out.append(UInt8(ascii: ","))
        }
        guard Self.appendString(tag, to: &out) else { return false }
        previousTag.removeAll(keepingCapacity: true)
        previousTag.append(contentsOf: tag)
        tagCount += 1
        return true
    }

    /// Ends the object.
    package func end(to out: inout [UInt8]) {
        out.append(contentsOf: tail)
    }

    /// Writes the columns before the tags to `out`, and those after them to `tail`.
    /// A link's opening quote and prefix, made once: a million-row export writes one a row.
    private static let episodeLink = Array(("\"" + SpotifyLink.prefix("episode")).utf8)
    private static let trackLink = Array(("\"" + SpotifyLink.prefix("track")).utf8)

    private static func appendColumns(_ row: NoteRow, to out: inout [UInt8], tail: inout [UInt8]) -> Bool {
        guard let id = text(row, 0), let createdAt = text(row, 2), let updatedAt = text(row, 3),
              NoteTimestamp.isValidCanonical(createdAt), NoteTimestamp.isValidCanonical(updatedAt)
        else { return false }
        guard let itemType = optionalText(row, 4), let itemID = optionalText(row, 5),
              let itemURI = optionalText(row, 6), let itemName = optionalText(row, 7),
              let showID = optionalText(row, 8), let showName = optionalText(row, 9),
              let progress = integer(row, 10), let duration = integer(row, 11)
        else { return false }
        let pinned = itemType != nil && itemID != nil && itemURI != nil && progress != nil
        // An id outside base62 is percent-encoded in the link: the general path, Note.link, does that.
        if pinned, let itemID, !itemID.allSatisfy(SpotifyLink.isPlain) { return false }
        // A voice note's recording and state: the general path writes them (voice notes are few).
        if row.kind(NoteRow.voice) != .null { return false }

        out.append(contentsOf: NoteField.id.jsonPrefix)
        guard appendString(id, to: &out) else { return false }
        out.append(contentsOf: NoteField.text.jsonPrefix)
        let body = row.bytes(1)
        if !appendString(body ?? UnsafeBufferPointer(start: nil, count: 0), to: &out) {
            let decoded = body.map { String(decoding: $0, as: UTF8.self) } ?? ""
            NoteEncoding.appendString(decoded, to: &out)
        }
        out.append(contentsOf: Self.tagsOpening)

        tail.append(contentsOf: Self.createdAtOpening)
        tail.append(contentsOf: createdAt)
        tail.append(contentsOf: Self.updatedAtOpening)
        tail.append(contentsOf: updatedAt)
        guard pinned, let itemType, let itemID, let itemURI, let progress else {
            tail.append(contentsOf: Self.unpinnedEnding)
            return true
        }
        tail.append(contentsOf: Self.pinnedOpening)
        guard appendString(itemType, to: &tail) else { return false }
        tail.append(contentsOf: NoteField.itemID.jsonPrefix)
        guard appendString(itemID, to: &tail) else { return false }
        tail.append(contentsOf: NoteField.itemURI.jsonPrefix)
        guard appendString(itemURI, to: &tail),
              appendOptional(itemName, after: .itemName, to: &tail),
              appendOptional(showID, after: .showID, to: &tail),
              appendOptional(showName, after: .showName, to: &tail)
        else { return false }
        tail.append(contentsOf: NoteField.progressMs.jsonPrefix)
        appendDigits(progress, to: &tail)
        tail.append(contentsOf: NoteField.durationMs.jsonPrefix)
        if let duration { appendDigits(duration, to: &tail) } else { tail.append(contentsOf: Self.null) }
        tail.append(contentsOf: NoteField.position.jsonPrefix)
        tail.append(UInt8(ascii: "\""))
        Note.appendPosition(milliseconds: progress, to: &tail)
        // `itemType` is compared as Note.link does, on the decoded string.
        let isTrack = itemType.elementsEqual("track".utf8)
        tail.append(UInt8(ascii: "\""))
        tail.append(contentsOf: NoteField.link.jsonPrefix)
        tail.append(contentsOf: isTrack ? Self.trackLink : Self.episodeLink)
        let quote = tail.count
        guard appendString(itemID, to: &tail) else { return false }
        // appendString wrote the id between quotes; the link carries it bare.
        tail.remove(at: quote)
        tail.removeLast()
        tail.append(contentsOf: "?t=".utf8)
        appendDigits(max(0, progress) / 1000, to: &tail)
        tail.append(UInt8(ascii: "\""))
        tail.append(contentsOf: Self.noVoiceEnding)
        return true
    }

    /// The fixed bytes between the values, from ``NoteField``'s table.
    private static let tagsOpening = NoteField.tags.jsonPrefix + [UInt8(ascii: "[")]
    private static let createdAtOpening = [UInt8(ascii: "]")] + NoteField.createdAt.jsonPrefix + [UInt8(ascii: "\"")]
    private static let updatedAtOpening = [UInt8(ascii: "\"")] + NoteField.updatedAt.jsonPrefix + [UInt8(ascii: "\"")]
    private static let pinnedOpening = [UInt8(ascii: "\"")] + NoteField.pinned.jsonPrefix + Array("true".utf8) + NoteField.itemType.jsonPrefix
    /// After `updated_at`'s digits for an unpinned note: `pinned` false and every pin field null.
    private static let unpinnedEnding: [UInt8] = {
        var bytes = [UInt8(ascii: "\"")] + NoteField.pinned.jsonPrefix + Array("false".utf8)
        for field in NoteField.pinFields { bytes += field.jsonPrefix + null }
        return bytes + noVoiceEnding
    }()
    /// A typed note's `voice` and the object's end.
    private static let noVoiceEnding = NoteEncoding.voiceKey + Array("null}".utf8)
    private static let null = Array("null".utf8)

    /// Appends `key`, then the string or `null`; false when the string is not valid UTF-8.
    private static func appendOptional(
        _ value: UnsafeBufferPointer<UInt8>?, after field: NoteField, to out: inout [UInt8]
    ) -> Bool {
        out.append(contentsOf: field.jsonPrefix)
        guard let value else {
            out.append(contentsOf: null)
            return true
        }
        return appendString(value, to: &out)
    }

    /// A column that is NULL (`.some(nil)`) or TEXT without NUL (`.some(bytes)`); nil otherwise.
    private static func optionalText(_ row: NoteRow, _ column: Int) -> UnsafeBufferPointer<UInt8>?? {
        if row.kind(column) == .null { return .some(nil) }
        return text(row, column).map { .some($0) }
    }

    /// A TEXT column's bytes, or nil when it is not TEXT or holds a NUL (the general path
    /// reads such columns as C strings).
    private static func text(_ row: NoteRow, _ column: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = row.text(column) else { return nil }
        return bytes.contains(0) ? nil : bytes
    }

    /// An INTEGER column as `.some(value)`, NULL as `.some(nil)`, anything else as nil.
    private static func integer(_ row: NoteRow, _ column: Int) -> Int?? {
        switch row.kind(column) {
        case .null: return .some(nil)
        case .integer: return .some(Int(row.int64(column)))
        default: return nil
        }
    }

    /// Appends a JSON string literal of valid UTF-8 bytes with ``NoteEncoding``'s escapes;
    /// false, leaving `out` as it was, when the bytes are not valid UTF-8.
    private static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        let start = out.count
        out.append(UInt8(ascii: "\""))
        var plainFrom = 0
        var ascii = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 {
                ascii = false
                continue
            }
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<index]))
            NoteEncoding.appendEscape(byte, to: &out)
            plainFrom = index + 1
        }
        if !ascii && !UTF8Validation.isValid(bytes) {
            out.removeSubrange(start...)
            return false
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom...]))
        out.append(UInt8(ascii: "\""))
        return true
    }

    /// Appends a non-negative integer's decimal digits (a negative one as Swift prints it).
    private static func appendDigits(_ value: Int, to out: inout [UInt8]) {
        guard value >= 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: buffer[index...])
        }
    }
}
