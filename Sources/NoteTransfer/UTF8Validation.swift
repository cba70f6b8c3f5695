import NoteStore
/// Checking UTF-8 in place, without making a `String` of it.
enum UTF8Validation {
    /// True when `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), the same bytes `String(validating:)` accepts.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        /// True when the byte `offset` after `index` is a continuation byte in `lowest...highest`.
        func continues(_ offset: Int, _ lowest: UInt8 = 0x80, _ highest: UInt8 = 0xBF) -> Bool {
            index + offset < count && bytes[index + offset] >= lowest && bytes[index + offset] <= highest
        }
        while index < count {
            let lead = bytes[index]
            let width: Int
            switch lead {
            case 0..<0x80: width = 1
            case 0xC2...0xDF: guard continues(1) else { return false }; width = 2
            case 0xE0: guard continues(1, 0xA0), continues(2) else { return false }; width = 3
            case 0xED: guard continues(1, 0x80, 0x9F), continues(2) else { return false }; width = 3
            case 0xE1...0xEF: guard continues(1), continues(2) else { return false }; width = 3
            case 0xF0: guard continues(1, 0x90), continues(2), continues(3) else { return false }; width = 4
            case 0xF4: guard continues(1, 0x80, 0x8F), continues(2), continues(3) else { return false }; width = 4
            case 0xF1...0xF3: guard continues(1), continues(2), continues(3) else { return false }; width = 4
            default: return false
            }
            index += width
        }
        return true
    }
}
