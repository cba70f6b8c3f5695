/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: columns separated by tabs,
/// rows ended by newlines, `\N` for NULL, and backslash, tab, newline and carriage return
/// escaped with a backslash.
struct CopyText {
    private(set) var buffer: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        buffer.reserveCapacity(capacity)
    }

    /// Appends one row.
    mutating func row(_ values: [String?]) {
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard var text = value else {
                buffer.append(contentsOf: Self.null)
                continue
            }
            text.withUTF8 { append(escaping: $0) }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Appends one column of a row being written field by field: `bytes`, escaped, or NULL
    /// for nil; a tab before all but the row's first. ``endRow()`` ends the row.
    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>?, first: Bool = false) {
        if !first { buffer.append(UInt8(ascii: "\t")) }
        guard let bytes else {
            buffer.append(contentsOf: Self.null)
            return
        }
        append(escaping: bytes)
    }

    /// Appends one column of a row being written field by field, as ``field(_:first:)``.
    mutating func field(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { field($0) }
    }

    /// Appends NULL as one column of a row being written field by field.
    mutating func null() {
        field(UnsafeBufferPointer<UInt8>?.none)
    }

    /// Ends a row written field by field.
    mutating func endRow() {
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Appends `bytes`, escaped: the runs between bytes that need escaping go in whole (a
    /// first push writes some hundred megabytes this way).
    private mutating func append(escaping bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (index, byte) in bytes.enumerated() {
            let escaped: StaticString
            switch byte {
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case UInt8(ascii: "\t"): escaped = "\\t"
            case UInt8(ascii: "\n"): escaped = "\\n"
            case UInt8(ascii: "\r"): escaped = "\\r"
            default: continue
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            escaped.withUTF8Buffer { buffer.append(contentsOf: $0) }
            start = index + 1
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Hands over the rows so far and starts an empty buffer.
    mutating func take() -> [UInt8] {
        let full = buffer
        buffer = []
        buffer.reserveCapacity(max(1 << 16, full.count))
        return full
    }

    var isEmpty: Bool { buffer.isEmpty }
    var count: Int { buffer.count }

    private static let null = Array("\\N".utf8)
}
