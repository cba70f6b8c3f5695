import Foundation

/// Streams bytes to an ``OutputFile``; on a terminal, with control characters replaced.
///
/// An export is written byte for byte to a file or a pipe, where a script wants exactly what
/// the store holds. On a terminal the same bytes could move the cursor, set the title or
/// ring the bell, so there every control character but newline and tab becomes U+FFFD, as
/// margin's `Terminal.sanitize(_:)` does for the rest of margin's output. The export arrives in
/// chunks, so this works on bytes and holds back the one byte that may start a sequence the
/// next chunk finishes.
public struct SafeOutput {
    public let file: OutputFile
    /// Whether bytes are filtered: true when `file` is a terminal.
    public let filters: Bool
    /// A CR or a 0xC2 lead byte whose meaning depends on the byte after it.
    private var held: UInt8?

    /// Filters when `file` is a terminal, unless told otherwise.
    public init(_ file: OutputFile, filters: Bool? = nil) {
        self.file = file
        self.filters = filters ?? file.isTerminal
    }

    /// Writes `data`, filtered when ``filters``.
    public mutating func write(_ data: Data) throws(OutputFile.Failure) {
        guard filters else { return try file.write(data) }
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 16)
        for byte in data { append(byte, to: &out) }
        try out.withUnsafeBytes { bytes in Result { () throws(OutputFile.Failure) in try file.write(bytes) } }.get()
    }

    /// Writes what is held back; call once, after the last ``write(_:)``.
    public mutating func finish() throws(OutputFile.Failure) {
        var out: [UInt8] = []
        release(&out)
        if !out.isEmpty { try file.write(Data(out)) }
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    private mutating func append(_ byte: UInt8, to out: inout [UInt8]) {
        if let previous = held {
            held = nil
            switch (previous, byte) {
            // CRLF ends CSV records: harmless on a terminal, where a lone CR could overwrite a line.
            case (0x0D, 0x0A): out += [0x0D, 0x0A]; return
            // U+0080–U+009F, the C1 controls (CSI among them), in UTF-8.
            case (0xC2, 0x80...0x9F): out += Self.replacement; return
            default: release(&out, previous)
            }
        }
        switch byte {
        case 0x0A, 0x09: out.append(byte)
        case 0x0D, 0xC2: held = byte
        case 0x00...0x1F, 0x7F: out += Self.replacement
        default: out.append(byte)
        }
    }

    /// Emits a held byte that no following byte completed.
    private mutating func release(_ out: inout [UInt8], _ previous: UInt8? = nil) {
        guard let byte = previous ?? held else { return }
        held = nil
        out += byte == 0x0D ? Self.replacement : [byte]
    }
}
