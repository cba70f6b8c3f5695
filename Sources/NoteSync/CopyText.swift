import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: columns separated by tabs,
/// rows ended by newlines, `\N` for NULL, and backslash, tab, newline and carriage return
/// escaped with a backslash.
struct CopyText {
    private(set) var buffer: ByteBuffer

    init(capacity: Int = 1 << 16) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Appends one row.
    mutating func row(_ values: [String?]) {
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
            guard var text = value else {
                buffer.writeStaticString("\\N")
                continue
            }
            text.withUTF8 { append(escaping: $0) }
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    /// Appends one column of a row being written field by field: `bytes`, escaped, or NULL
    /// for nil; a tab before all but the row's first. ``endRow()`` ends the row.
    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>?, first: Bool = false) {
        if !first { buffer.writeInteger(UInt8(ascii: "\t")) }
        guard let bytes else {
            buffer.writeStaticString("\\N")
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
        buffer.writeInteger(UInt8(ascii: "\n"))
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
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
            buffer.writeStaticString(escaped)
            start = index + 1
        }
        buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
    }

    /// Hands over the rows so far and starts an empty buffer.
    mutating func take() -> ByteBuffer {
        let full = buffer
        buffer = ByteBufferAllocator().buffer(capacity: max(1 << 16, full.readableBytes))
        return full
    }

    var isEmpty: Bool { buffer.readableBytes == 0 }
    var count: Int { buffer.readableBytes }
}
