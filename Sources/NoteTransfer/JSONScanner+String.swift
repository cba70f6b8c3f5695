import NoteStore
/// Reading JSON strings: escapes, surrogate pairs and UTF-8 validation.
extension JSONScanner {
    /// Reads a string literal, the opening quote included.
    mutating func string() throws(JSONSyntaxError) -> String {
        var decoded: [UInt8] = []
        _ = try string(into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Reads a string literal, the opening quote included, appending its UTF-8 to `arena`;
    /// returns where it went and whether it holds U+0000 (which only `\u0000` can write).
    ///
    /// A string without escapes is copied straight from the input; one with escapes is
    /// rebuilt byte by byte. Either way the bytes must be valid UTF-8, and control characters
    /// must have been escaped, as JSON requires.
    mutating func string(into arena: inout [UInt8]) throws(JSONSyntaxError) -> (span: ByteSpan, nul: Bool) {
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard ascii || UTF8Validation.isValid(run) else { throw notUTF8(at: start) }
                let span = ByteSpan(start: arena.count, count: run.count)
                arena.append(contentsOf: run)
                return (span, false)
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start, into: &arena) }
            if byte < 0x20 { throw unescapedControl(byte) }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("a string is not closed by '\"'")
    }

    /// Reads a string literal that has no escapes and is ASCII, returning its bytes in place;
    /// returns nil, having read nothing, for any other string (``string()`` then reads it).
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                index = end + 1
                return run
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        return nil
    }

    /// Finishes a string that contains escapes; `start` is its first byte after the quote.
    private mutating func escapedString(
        from start: Int, into arena: inout [UInt8]
    ) throws(JSONSyntaxError) -> (span: ByteSpan, nul: Bool) {
        let first = arena.count
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        var nul = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let valid = arena.withUnsafeBufferPointer { UTF8Validation.isValid(UnsafeBufferPointer(rebasing: $0[first...])) }
                guard valid else { throw notUTF8(at: start) }
                return (ByteSpan(start: first, count: arena.count - first), nul)
            case UInt8(ascii: "\\"):
                index += 1
                let before = arena.count
                try escape(into: &arena)
                nul = nul || (arena.count == before + 1 && arena[before] == 0)
            case 0..<0x20:
                throw unescapedControl(byte)
            default:
                arena.append(byte)
                index += 1
            }
        }
        throw failure("a string is not closed by '\"'")
    }

    /// Decodes one escape sequence (after its backslash) and appends its UTF-8 bytes.
    private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek else { throw failure("a string is not closed by '\"'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("\\u escape holds an unpaired surrogate") }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("\\u escape holds an unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("\\u escape holds an unpaired surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("\\u escape is not a character") }
            decoded.append(contentsOf: unicode.utf8)
        default:
            index -= 1
            throw failure("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape")
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The error for a string, starting at `start`, whose bytes are not UTF-8.
    private func notUTF8(at start: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: start, detail: "a string is not valid UTF-8")
    }

    /// The error for a raw control character inside a string.
    private func unescapedControl(_ byte: UInt8) -> JSONSyntaxError {
        let hex = String(byte, radix: 16, uppercase: true)
        return failure("control character U+\(hex.count < 2 ? "000" : "00")\(hex) must be escaped inside a string")
    }
}
