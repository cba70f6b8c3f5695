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
            guard let value else {
                buffer.writeStaticString("\\N")
                continue
            }
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                default: buffer.writeInteger(byte)
                }
            }
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
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
