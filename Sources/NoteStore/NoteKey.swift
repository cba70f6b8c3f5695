/// A note id (a UUID) as 128 bits: a compact dictionary key for a million notes.
package struct NoteKey: Hashable {
    package var high: UInt64
    package var low: UInt64

    /// Parses `8-4-4-4-12` lowercase hexadecimal digits, the form the store keeps; nil for
    /// anything else.
    package init?(_ id: String) {
        guard let key = id.withUTF8Bytes({ NoteKey(utf8: $0) }) else { return nil }
        self = key
    }

    /// ``init(_:)`` for UTF-8 bytes.
    package init?(utf8 id: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(id) else { return nil }
        (high, low) = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count == 36 else { return nil }
        var (high, low): (UInt64, UInt64) = (0, 0)
        var digits = 0
        for byte in bytes {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "-"): continue
            default: return nil
            }
            if digits < 16 {
                high = high << 4 | UInt64(value)
            } else {
                low = low << 4 | UInt64(value)
            }
            digits += 1
        }
        return digits == 32 ? (high, low) : nil
    }
}
