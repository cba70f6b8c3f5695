import NoteStore
extension ImportRecord.Fields {
    /// A field's value as validation needs it. Strings are in the batch's bytes already, so
    /// that a valid record is complete once it is checked.
    enum Value {
        /// A string; `nul` when it holds U+0000.
        case string(ByteSpan, nul: Bool)
        /// An array: the spans (in the batch's tags) of its strings before the first element
        /// that is not one, and whether every element is a string.
        case strings(Range<Int>, onlyStrings: Bool)
        /// A number, boolean, null or object.
        case scalar(JSONValue)

        /// What the value is, for messages: "a string", "null", …
        var kind: String {
            switch self {
            case .string: "a string"
            case .strings: "an array"
            case .scalar(let value): value.kind
            }
        }

        /// Reads the value at the scanner's position, its strings into `batch`.
        static func read(_ scanner: inout JSONScanner, into batch: inout ImportBatch) throws(JSONSyntaxError) -> Value {
            scanner.skipWhitespace()
            switch scanner.peek {
            case UInt8(ascii: "\""):
                let (span, nul) = try scanner.string(into: &batch.bytes)
                return .string(span, nul: nul)
            case UInt8(ascii: "["):
                let first = batch.tags.count
                var onlyStrings = true
                try scanner.array { (scanner) throws(JSONSyntaxError) in
                    scanner.skipWhitespace()
                    if onlyStrings, scanner.peek == UInt8(ascii: "\"") {
                        batch.tags.append(try scanner.string(into: &batch.bytes).span)
                    } else {
                        onlyStrings = false
                        _ = try scanner.value(depth: 2)
                    }
                }
                return .strings(first..<batch.tags.count, onlyStrings: onlyStrings)
            default:
                return .scalar(try scanner.value(depth: 1))
            }
        }
    }
}
