import Foundation
import NoteStore

extension ImportRecord {
    /// A field that breaks the contract, and why.
    struct FieldError: Error {
        var field: String
        var reason: String
    }

    /// The values of one note object, by key slot (see ``slot(of:expected:)``), and their
    /// validation.
    struct Fields {
        var values = [Value?](repeating: nil, count: NoteField.allCases.count)
        /// Whether the record had a `voice` key, and whether it was an object (a voice note,
        /// whose text may still be empty: not transcribed yet).
        var voiceSeen = false
        var voice = false
        /// Whether the record had a `segments` key, and the segments it held (checked already).
        var segmentsSeen = false
        var segments: [NoteSegment] = []

        /// Forgets every value, keeping the table.
        mutating func clear() {
            for slot in values.indices { values[slot] = nil }
            voiceSeen = false
            voice = false
            segmentsSeen = false
            segments.removeAll(keepingCapacity: true)
        }

        /// Validates every field in the contract's order, then how the pin fields fit together.
        ///
        /// The strings are in `batch` already; the id is lowercased there, and a time without
        /// milliseconds or tags out of order are added to it in the store's form.
        func record(in batch: inout ImportBatch) throws(FieldError) -> ImportRecord {
            let id = try string(.id)
            guard batch.withBytes(of: id, Self.isUUID) else {
                throw FieldError(field: "id", reason: "expected a UUID like 0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
            }
            for index in id.range where batch.bytes[index] >= UInt8(ascii: "A") && batch.bytes[index] <= UInt8(ascii: "F") {
                batch.bytes[index] |= 0x20
            }
            guard let key = batch.withBytes(of: id, NoteKey.init(utf8:)) else {
                throw FieldError(field: "id", reason: "expected a UUID like 0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f")
            }
            let text = try string(.text)
            guard voice || !batch.withBytes(of: text, Self.isBlank) else {
                throw FieldError(field: "text", reason: "expected text with at least one non-blank character")
            }
            let tags = try self.tags(in: &batch)
            let (createdAt, updatedAt) = (try time(.createdAt, in: &batch), try time(.updatedAt, in: &batch))
            let pin = try pin(in: batch)
            // In the store's one form, so that a note imported twice compares equal byte for byte.
            let segments = self.segments.isEmpty ? nil : batch.append(NoteSegment.json(self.segments))
            return ImportRecord(
                id: id, key: key, text: text, tags: tags, createdAt: createdAt, updatedAt: updatedAt, pin: pin, segments: segments)
        }

        /// `pinned` and the pin fields (`position` and `link` are derived: checked, then
        /// ignored); nil for an unpinned note, whose pin fields must all be null.
        private func pin(in batch: ImportBatch) throws(FieldError) -> PinSpans? {
            guard case .scalar(.bool(let pinned)) = try present(.pinned) else { throw mistyped(.pinned, "a boolean") }
            let itemType = try optionalString(.itemType)
            if let itemType, !batch.withBytes(of: itemType, { Self.equals($0, "episode") || Self.equals($0, "track") }) {
                throw FieldError(field: "item_type", reason: "expected \"episode\", \"track\" or null")
            }
            let itemID = try optionalString(.itemID)
            if let itemID, !batch.withBytes(of: itemID, Self.isBase62ID) {
                throw FieldError(field: "item_id", reason: "expected a 22-character base62 Spotify id or null")
            }
            let (itemURI, itemName) = (try optionalString(.itemURI), try optionalString(.itemName))
            let (showID, showName) = (try optionalString(.showID), try optionalString(.showName))
            if let showID, !batch.withBytes(of: showID, Self.isBase62ID) {
                throw FieldError(field: "show_id", reason: "expected a 22-character base62 Spotify id or null")
            }
            let (progressMs, durationMs) = (try milliseconds(.progressMs), try milliseconds(.durationMs))
            _ = (try optionalString(.position), try optionalString(.link))
            guard let itemType else {
                if pinned { throw FieldError(field: "item_type", reason: "must be \"episode\" or \"track\" when pinned is true") }
                for slot in NoteField.itemID.rawValue...NoteField.durationMs.rawValue {
                    if case .scalar(.null)? = values[slot] { continue }
                    throw FieldError(field: NoteField.keys[slot], reason: "must be null when pinned is false")
                }
                return nil
            }
            guard pinned else { throw FieldError(field: "pinned", reason: "must be true when item_type is set") }
            guard let itemID else { throw FieldError(field: "item_id", reason: "required when pinned is true") }
            guard let itemURI else { throw FieldError(field: "item_uri", reason: "required when pinned is true") }
            // The link and `margin jump` go by item_id; a URI naming something else is a mistake.
            guard Self.isURI(itemURI, type: itemType, id: itemID, in: batch) else {
                let expected = "spotify:\(batch.string(itemType)):\(batch.string(itemID))"
                throw FieldError(field: "item_uri", reason: "expected \"\(expected)\" to match item_type and item_id")
            }
            guard let progressMs else { throw FieldError(field: "progress_ms", reason: "required when pinned is true") }
            return PinSpans(
                itemType: itemType, itemID: itemID, itemURI: itemURI, itemName: itemName,
                showID: showID, showName: showName, progressMs: progressMs, durationMs: durationMs)
        }

        /// The value of `field`, or "missing".
        private func present(_ field: NoteField) throws(FieldError) -> Value {
            guard let value = values[field.rawValue] else { throw FieldError(field: field.key, reason: "missing") }
            return value
        }

        /// The error for a value of the wrong type.
        private func mistyped(_ field: NoteField, _ expected: String) -> FieldError {
            FieldError(field: field.key, reason: "expected \(expected), found \(values[field.rawValue]?.kind ?? "nothing")")
        }

        /// A string.
        private func string(_ field: NoteField) throws(FieldError) -> ByteSpan {
            guard case .string(let span, _) = try present(field) else { throw mistyped(field, "a string") }
            return span
        }

        /// A string or null. Only `text` may hold NUL: the store reads other columns as C strings.
        private func optionalString(_ field: NoteField) throws(FieldError) -> ByteSpan? {
            switch try present(field) {
            case .scalar(.null): return nil
            case .string(let span, let nul):
                if nul { throw FieldError(field: field.key, reason: "cannot contain NUL (U+0000)") }
                return span
            default: throw mistyped(field, "a string or null")
            }
        }

        /// A whole number of milliseconds ≥ 0, or null.
        private func milliseconds(_ field: NoteField) throws(FieldError) -> Int? {
            switch try present(field) {
            case .scalar(.null): return nil
            case .scalar(.integer(let value)) where value >= 0: return value
            default: throw mistyped(field, "a whole number of milliseconds (0 or more) or null")
            }
        }

        /// A time in the contract's form, with or without milliseconds, in canonical form.
        private func time(_ field: NoteField, in batch: inout ImportBatch) throws(FieldError) -> ByteSpan {
            let failure = FieldError(field: field.key, reason: "expected a UTC time like 2026-11-21T09:15:02.123Z")
            guard case .string(var span, _) = try present(field) else { throw failure }
            if span.count == 20, batch.bytes[span.start + 19] == UInt8(ascii: "Z") {
                // `…:02Z` is `…:02.000Z`.
                let start = batch.bytes.count
                for index in span.start..<span.start + 19 { batch.bytes.append(batch.bytes[index]) }
                batch.bytes.append(contentsOf: ".000Z".utf8)
                span = ByteSpan(start: start, count: 24)
            }
            guard batch.withBytes(of: span, NoteTimestamp.isValidCanonical) else { throw failure }
            return span
        }

        /// Tags: an array of strings, each already as the store keeps tags; returned normalized.
        private func tags(in batch: inout ImportBatch) throws(FieldError) -> Range<Int> {
            guard case .strings(let range, let onlyStrings) = try present(.tags) else { throw mistyped(.tags, "an array of strings") }
            var plain = true
            for index in range where !batch.withBytes(of: batch.tags[index], Self.isPlainTag) {
                plain = false
                guard batch.withBytes(of: batch.tags[index], NoteTag.isValid(utf8:)) else {
                    let tag = batch.string(batch.tags[index])
                    throw FieldError(field: "tags", reason: "\(NoteEncoding.string(tag)) is not a tag: tags are \(NoteTag.Invalid.rule)")
                }
            }
            guard onlyStrings else { throw mistyped(.tags, "an array of strings") }
            let sorted = zip(range, range.dropFirst()).allSatisfy { left, right in
                let (first, second) = (batch.tags[left], batch.tags[right])
                return plain
                    ? batch.bytes.withUnsafeBufferPointer { $0[first.range].lexicographicallyPrecedes($0[second.range]) }
                    : batch.string(first) < batch.string(second)
            }
            if sorted { return range }
            let normalized = Note.normalizedTags(range.map { batch.string(batch.tags[$0]) })
            let first = batch.tags.count
            for tag in normalized { batch.tags.append(batch.append(tag)) }
            return first..<batch.tags.count
        }

        /// True for a valid tag of printable ASCII: it sorts the same as bytes and as a String.
        static func isPlainTag(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
            tag.count <= NoteTag.maxLength && !tag.isEmpty
                && tag.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";") }
        }

        /// True when the text has no character but whitespace; most texts answer at once.
        static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            // A visible ASCII character is not whitespace; only texts without one need decoding.
            if text.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
            return !String(decoding: text, as: UTF8.self).unicodeScalars.contains { !$0.properties.isWhitespace }
        }

        /// True when `bytes` are the UTF-8 of `text`.
        static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            bytes.count == text.utf8CodeUnitCount
                && bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// `8-4-4-4-12` hexadecimal digits, either case.
        static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count == 36 else { return false }
            var valid = true
            for index in 0..<36 {
                let byte = bytes[index]
                switch index {
                case 8, 13, 18, 23: valid = valid && byte == UInt8(ascii: "-")
                default: valid = valid && byte.isHexDigit
                }
            }
            return valid
        }

        /// True when `uri` is `spotify:<type>:<id>`, compared without building it.
        static func isURI(_ uri: ByteSpan, type: ByteSpan, id: ByteSpan, in batch: ImportBatch) -> Bool {
            guard uri.count == 8 + type.count + 1 + id.count else { return false }
            return batch.bytes.withUnsafeBufferPointer { bytes in
                let part = { (start: Int, count: Int) in UnsafeBufferPointer(rebasing: bytes[start..<start + count]) }
                return equals(part(uri.start, 8), "spotify:")
                    && part(uri.start + 8, type.count).elementsEqual(part(type.start, type.count))
                    && bytes[uri.start + 8 + type.count] == UInt8(ascii: ":")
                    && part(uri.start + 9 + type.count, id.count).elementsEqual(part(id.start, id.count))
            }
        }

        /// 22 characters of `0-9A-Za-z`.
        static func isBase62ID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.count == 22 && bytes.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter }
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isHexDigit: Bool { self &- UInt8(ascii: "0") < 10 || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}
