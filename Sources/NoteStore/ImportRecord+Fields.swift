import Foundation

extension ImportRecord {
    /// A field that breaks the contract, and why.
    struct FieldError: Error {
        var field: String
        var reason: String
    }

    /// The values of one note object, by key slot (see ``slot(of:expected:)``), and their
    /// validation.
    struct Fields {
        var values = [JSONValue?](repeating: nil, count: NoteEncoding.keys.count)

        /// Forgets every value, keeping the table.
        mutating func clear() {
            for slot in values.indices { values[slot] = nil }
        }

        /// Validates every field in the contract's order, then how the pin fields fit together.
        func record() throws(FieldError) -> ImportRecord {
            let id = try string(0)
            guard Self.isUUID(id) else {
                throw FieldError(field: "id", reason: "expected a UUID like 0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
            }
            let text = try string(1)
            guard !Self.isBlank(text) else {
                throw FieldError(field: "text", reason: "expected text with at least one non-blank character")
            }
            let tags = try self.tags()
            let (createdAt, updatedAt) = (try time(3), try time(4))
            return ImportRecord(
                id: Self.lowercased(id), text: text, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
                pin: try pin())
        }

        /// `pinned` and the pin fields (`position` and `link` are derived: checked, then
        /// ignored); nil for an unpinned note, whose pin fields must all be null.
        private func pin() throws(FieldError) -> Pin? {
            guard case .bool(let pinned) = try present(5) else { throw mistyped(5, "a boolean") }
            let itemType = try optionalString(6)
            if let itemType, itemType != "episode", itemType != "track" {
                throw FieldError(field: "item_type", reason: "expected \"episode\", \"track\" or null")
            }
            let itemID = try optionalString(7)
            if let itemID, !Self.isBase62ID(itemID) {
                throw FieldError(field: "item_id", reason: "expected a 22-character base62 Spotify id or null")
            }
            let (itemURI, itemName) = (try optionalString(8), try optionalString(9))
            let (showID, showName) = (try optionalString(10), try optionalString(11))
            if let showID, !Self.isBase62ID(showID) {
                throw FieldError(field: "show_id", reason: "expected a 22-character base62 Spotify id or null")
            }
            let (progressMs, durationMs) = (try milliseconds(12), try milliseconds(13))
            _ = (try optionalString(14), try optionalString(15))
            guard let itemType else {
                if pinned { throw FieldError(field: "item_type", reason: "must be \"episode\" or \"track\" when pinned is true") }
                for slot in 7...13 {
                    if case .null? = values[slot] { continue }
                    throw FieldError(field: NoteEncoding.keys[slot], reason: "must be null when pinned is false")
                }
                return nil
            }
            guard pinned else { throw FieldError(field: "pinned", reason: "must be true when item_type is set") }
            guard let itemID else { throw FieldError(field: "item_id", reason: "required when pinned is true") }
            guard let itemURI else { throw FieldError(field: "item_uri", reason: "required when pinned is true") }
            // The link and `margin jump` go by item_id; a URI naming something else is a mistake.
            guard Self.isURI(itemURI, type: itemType, id: itemID) else {
                throw FieldError(field: "item_uri", reason: "expected \"spotify:\(itemType):\(itemID)\" to match item_type and item_id")
            }
            guard let progressMs else { throw FieldError(field: "progress_ms", reason: "required when pinned is true") }
            return Pin(
                itemType: itemType, itemID: itemID, itemURI: itemURI, itemName: itemName,
                showID: showID, showName: showName, progressMs: progressMs, durationMs: durationMs)
        }

        /// The value at `slot`, or "missing".
        private func present(_ slot: Int) throws(FieldError) -> JSONValue {
            guard let value = values[slot] else { throw FieldError(field: NoteEncoding.keys[slot], reason: "missing") }
            return value
        }

        /// The error for a value of the wrong type.
        private func mistyped(_ slot: Int, _ expected: String) -> FieldError {
            FieldError(field: NoteEncoding.keys[slot], reason: "expected \(expected), found \(values[slot]?.kind ?? "nothing")")
        }

        /// A string.
        private func string(_ slot: Int) throws(FieldError) -> String {
            guard case .string(let value) = try present(slot) else { throw mistyped(slot, "a string") }
            return value
        }

        /// A string or null. Only `text` may hold NUL: the store reads other columns as C strings.
        private func optionalString(_ slot: Int) throws(FieldError) -> String? {
            switch try present(slot) {
            case .null: return nil
            case .string(let value):
                if value.anyUTF8Byte({ $0 == 0 }) { throw FieldError(field: NoteEncoding.keys[slot], reason: "cannot contain NUL (U+0000)") }
                return value
            default: throw mistyped(slot, "a string or null")
            }
        }

        /// A whole number of milliseconds ≥ 0, or null.
        private func milliseconds(_ slot: Int) throws(FieldError) -> Int? {
            switch try present(slot) {
            case .null: return nil
            case .integer(let value) where value >= 0: return value
            default: throw mistyped(slot, "a whole number of milliseconds (0 or more) or null")
            }
        }

        /// A time in the contract's form, with or without milliseconds, as canonical text.
        private func time(_ slot: Int) throws(FieldError) -> String {
            let failure = FieldError(field: NoteEncoding.keys[slot], reason: "expected a UTC time like 2026-11-21T09:15:02.123Z")
            guard case .string(let value) = try present(slot) else { throw failure }
            let canonical = value.utf8.count == 20 && value.hasSuffix("Z") ? String(value.dropLast()) + ".000Z" : value
            guard NoteTimestamp.isValidCanonical(canonical) else { throw failure }
            return canonical
        }

        /// Tags: an array of strings, each already as the store keeps tags; returned normalized.
        private func tags() throws(FieldError) -> [String] {
            guard case .array(let elements) = try present(2) else { throw mistyped(2, "an array of strings") }
            var tags: [String] = []
            tags.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let tag) = element else { throw mistyped(2, "an array of strings") }
                guard Self.isPlainTag(tag) || Note.normalizedTags([tag]) == [tag] else {
                    throw FieldError(
                        field: "tags",
                        reason: "\(NoteEncoding.string(tag)) is not a tag: tags are non-blank, without control characters or spaces at either end")
                }
                tags.append(tag)
            }
            let sorted = zip(tags, tags.dropFirst()).allSatisfy { $0 < $1 }
            return sorted ? tags : Note.normalizedTags(tags)
        }

        /// True for a tag of printable ASCII without spaces: valid without a closer look.
        static func isPlainTag(_ tag: String) -> Bool {
            !tag.isEmpty && tag.allUTF8Bytes { $0 > 0x20 && $0 < 0x7F }
        }

        /// True when the text has no character but whitespace; most texts answer at once.
        static func isBlank(_ text: String) -> Bool {
            if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
            return !text.unicodeScalars.contains { !$0.properties.isWhitespace }
        }

        /// The id in lowercase, without a copy when it already is.
        static func lowercased(_ id: String) -> String {
            id.anyUTF8Byte { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? id.lowercased() : id
        }

        /// `8-4-4-4-12` hexadecimal digits, either case.
        static func isUUID(_ value: String) -> Bool {
            value.withUTF8Bytes { bytes in
                guard bytes.count == 36 else { return false }
                var valid = true
                for (index, byte) in bytes.enumerated() {
                    switch index {
                    case 8, 13, 18, 23: valid = valid && byte == UInt8(ascii: "-")
                    default: valid = valid && byte.isHexDigit
                    }
                }
                return valid
            }
        }

        /// True when `uri` is `spotify:<type>:<id>`, compared without building it.
        static func isURI(_ uri: String, type: String, id: String) -> Bool {
            let scheme = "spotify:".utf8
            let (typeCount, idCount) = (type.utf8.count, id.utf8.count)
            guard uri.utf8.count == scheme.count + typeCount + 1 + idCount else { return false }
            var rest = Substring(uri).utf8
            func take(_ part: String.UTF8View) -> Bool {
                guard rest.starts(with: part) else { return false }
                rest = rest.dropFirst(part.count)
                return true
            }
            return take(scheme) && take(type.utf8) && take(":".utf8) && take(id.utf8)
        }

        /// 22 characters of `0-9A-Za-z`.
        static func isBase62ID(_ value: String) -> Bool {
            value.utf8.count == 22 && value.allUTF8Bytes { $0.isASCIIDigit || $0.isASCIILetter }
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isHexDigit: Bool { self &- UInt8(ascii: "0") < 10 || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}
