import NoteStore
/// A small JSON reader over UTF-8 bytes, for the flat note objects that imports hold.
///
/// Hand-written rather than `JSONSerialization`: it reads a million records several times
/// faster, keeps a note's text byte for byte (NUL included), and reports where input went
/// wrong. It is only valid inside the `withUnsafeBytes` call that provides `bytes`.
struct JSONScanner {
    /// The input.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var index: Int
    /// How messages name the end of `bytes`: "the end of the input", or of the line.
    var endDescription = "the end of the input"
    /// How deep containers may nest before the input is refused.
    static let maximumDepth = 64

    /// A scanner at `start` of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int = 0) {
        self.bytes = bytes
        self.index = start
    }

    /// True when every byte has been read.
    var atEnd: Bool { index >= bytes.count }

    /// The next byte, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips JSON whitespace: space, tab, LF and CR.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// An error at the current position.
    func failure(_ detail: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, detail: detail)
    }

    /// Describes the next byte for messages: `'x'`, `the end of the input`.
    var found: String {
        guard let byte = peek else { return endDescription }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// Consumes `byte` after optional whitespace, or fails with `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek == byte else { throw failure("expected \(expected), found \(found)") }
        index += 1
    }

    /// Reads any JSON value, after optional whitespace.
    mutating func value(depth: Int = 0) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw failure("expected a value, found \(endDescription)") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            try nested(depth)
            try object { (_, scanner) throws(JSONSyntaxError) in _ = try scanner.value(depth: depth + 1) }
            return .object
        case UInt8(ascii: "["):
            try nested(depth)
            var elements: [JSONValue] = []
            try array { (scanner) throws(JSONSyntaxError) in elements.append(try scanner.value(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("expected a value, found \(found)")
        }
    }

    /// Refuses containers nested past ``maximumDepth``.
    private func nested(_ depth: Int) throws(JSONSyntaxError) {
        if depth >= Self.maximumDepth { throw failure("values are nested too deeply") }
    }

    /// Reads an object, calling `member` with each key; `member` must read the value.
    mutating func object(
        _ member: (String, inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "{"), "'{'")
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found \(found)") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':' after the key")
            try member(key, &self)
            skipWhitespace()
            guard let next = peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                throw failure("expected ',' or '}' after a value, found \(found)")
            }
            index += 1
            if next == UInt8(ascii: "}") { return }
        }
    }

    /// Reads an array, calling `element` to read each element.
    mutating func array(_ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "["), "'['")
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return }
        while true {
            try element(&self)
            skipWhitespace()
            guard let next = peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else {
                throw failure("expected ',' or ']' after a value, found \(found)")
            }
            index += 1
            if next == UInt8(ascii: "]") { return }
        }
    }

    /// Reads `true`, `false` or `null`.
    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { throw failure("expected a value, found \(found)") }
        index += count
    }

    /// Reads a number: `.integer` when it is whole and fits in `Int`, else `.number`.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        var fits = true
        let digitsStart = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            fits = fits && !overflow1 && !overflow2
            value = sum
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0 else { throw failure("expected a digit, found \(found)") }
        if digits > 1, bytes[digitsStart] == UInt8(ascii: "0") {
            throw JSONSyntaxError(offset: digitsStart, detail: "a number cannot start with 0")
        }
        var whole = true
        if peek == UInt8(ascii: ".") {
            index += 1
            try digitRun()
            whole = false
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            try digitRun()
            whole = false
        }
        guard whole, fits else { return .number }
        return .integer(negative ? -value : value)
    }

    /// Reads one or more digits.
    private mutating func digitRun() throws(JSONSyntaxError) {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        if index == start { throw failure("expected a digit, found \(found)") }
    }
}
