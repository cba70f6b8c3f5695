import Foundation

/// A strict RFC 4180 reader, to check what the CSV export writes.
///
/// Records end with CRLF (the last one too); a field is either quoted (`""` for a quote,
/// anything else allowed inside) or holds no `"`, `,`, CR or LF. Anything else is an error.
/// An unquoted empty field reads as nil, a quoted one as "".
enum CSVReader {
    struct Malformed: Error, CustomStringConvertible {
        var offset: Int
        var description: String
    }

    static func records(_ data: Data) throws -> [[String?]] {
        let bytes = [UInt8](data)
        var records: [[String?]] = []
        var record: [String?] = []
        var index = 0
        func fail(_ why: String) -> Malformed { Malformed(offset: index, description: why) }
        while index < bytes.count {
            var field: [UInt8] = []
            var quoted = false
            if bytes[index] == UInt8(ascii: "\"") {
                quoted = true
                index += 1
                while true {
                    guard index < bytes.count else { throw fail("unclosed quote") }
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(UInt8(ascii: "\""))
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(bytes[index])
                    index += 1
                }
            } else {
                while index < bytes.count, ![UInt8(ascii: ","), 0x0D, 0x0A].contains(bytes[index]) {
                    guard bytes[index] != UInt8(ascii: "\"") else { throw fail("quote inside an unquoted field") }
                    field.append(bytes[index])
                    index += 1
                }
            }
            guard let text = String(validating: field, as: UTF8.self) else { throw fail("invalid UTF-8") }
            record.append(quoted || !text.isEmpty ? text : nil)
            guard index < bytes.count else { throw fail("the last record does not end with CRLF") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
                throw fail("expected ',' or CRLF after a field")
            }
            index += 2
            records.append(record)
            record = []
        }
        return records
    }
}
