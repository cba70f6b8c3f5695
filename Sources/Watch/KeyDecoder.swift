/// Turns the bytes a terminal sends into ``Key``s.
///
/// Reads arrive in arbitrary pieces, so the decoder keeps what it cannot finish yet: a UTF-8
/// character split across reads, an escape sequence cut in two, a paste still going on. A lone
/// ESC at the end of a read is the Esc key: terminals send a sequence's bytes in one write.
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting: [UInt8]?

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The keys in `bytes`, given what earlier reads left unfinished.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            if pasting != nil {
                if let end = Self.find(Self.pasteEnd, in: input, from: index) {
                    pasting?.append(contentsOf: input[index..<end])
                    keys.append(.paste(Self.pasted(pasting ?? [])))
                    pasting = nil
                    index = end + Self.pasteEnd.count
                } else {
                    // Keep a tail that may be the start of the end marker.
                    let keep = min(Self.pasteEnd.count - 1, input.count - index)
                    pasting?.append(contentsOf: input[index..<(input.count - keep)])
                    pending = Array(input[(input.count - keep)...])
                    return keys
                }
                continue
            }
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                if Self.matches(Self.pasteStart, in: input, at: index) {
                    pasting = []
                    index += Self.pasteStart.count
                    continue
                }
                guard let (key, length) = Self.escapeSequence(input, at: index) else {
                    // An unfinished sequence: wait for the rest.
                    pending = Array(input[index...])
                    return keys
                }
                keys.append(key)
                index += length
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x15: keys.append(.clearLine); index += 1
            case 0x17: keys.append(.deleteWord); index += 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x00..<0x20: keys.append(.other); index += 1
            default:
                let length = Self.utf8Length(byte)
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return keys
                }
                let scalar = String(decoding: input[index..<(index + length)], as: UTF8.self)
                for character in scalar { keys.append(.character(character)) }
                index += length
            }
        }
        return keys
    }

    /// A CSI or SS3 sequence at `start` and its length, or nil when it is not complete yet.
    private static func escapeSequence(_ input: [UInt8], at start: Int) -> (Key, Int)? {
        let introducer = input[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC then an ordinary byte (Alt+key): the Esc key, and the byte on its own.
            return (.escape, 1)
        }
        var end = start + 2
        // Parameters and intermediates run until a final byte in 0x40...0x7E.
        while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
        guard end < input.count else { return nil }
        let key: Key = switch input[end] {
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        default: .other
        }
        return (key, end - start + 1)
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1 // ASCII, or a stray byte that decodes to U+FFFD
        }
    }

    private static func matches(_ needle: [UInt8], in input: [UInt8], at index: Int) -> Bool {
        index + needle.count <= input.count && Array(input[index..<(index + needle.count)]) == needle
    }

    private static func find(_ needle: [UInt8], in input: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= input.count {
            if matches(needle, in: input, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Pasted bytes as one line of text: a note is one line, so breaks and tabs become spaces.
    private static func pasted(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).map { $0.isNewline || $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) }
    }
}
