/// The one rule for tags, used by the command line, import and `schema/note.schema.json`.
///
/// A tag is 1 to 64 Unicode scalars with no white space (Unicode's White_Space property), no
/// control character (general category Cc), and no `,` or `;`: CSV joins a note's tags with
/// `;`, and people type lists of tags with commas. The schema's `pattern` and `maxLength`
/// say the same, and a test checks that they agree for every scalar.
public enum NoteTag {
    /// The longest tag, in Unicode scalars (JSON Schema's `maxLength` counts the same way).
    public static let maxLength = 64

    /// True for a scalar a tag may contain.
    public static func allows(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar == "," || scalar == ";")
    }

    /// True when `tag` follows the rule as it stands (no trimming).
    public static func isValid(_ tag: String) -> Bool {
        var count = 0
        for scalar in tag.unicodeScalars {
            guard allows(scalar) else { return false }
            count += 1
        }
        return (1...maxLength).contains(count)
    }

    /// True for UTF-8 bytes that are a valid tag, answered without decoding for printable ASCII.
    package static func isValid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !bytes.isEmpty, bytes.count <= maxLength,
           bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";") }) {
            return true
        }
        return isValid(String(decoding: bytes, as: UTF8.self))
    }

    /// Tags as typed: each trimmed of surrounding white space, checked, then unique and sorted;
    /// the first one that breaks the rule is thrown back.
    public static func normalize(_ tags: [String]) throws(Invalid) -> [String] {
        var result = Set<String>()
        for raw in tags {
            let tag = raw.trimmingWhiteSpace()
            guard isValid(tag) else { throw Invalid(tag: raw) }
            result.insert(tag)
        }
        return result.sorted()
    }

    /// A tag that breaks the rule.
    public struct Invalid: Error, Equatable, Sendable {
        public var tag: String
        /// What a tag may be, for messages.
        public static let rule = "1 to 64 characters without spaces, commas, semicolons or control characters"
    }
}

extension String {
    /// The string without white space at either end (Unicode's White_Space).
    fileprivate func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
