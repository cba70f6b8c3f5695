import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NoteStore

/// Finds the records of an import: a JSON array of note objects, or JSON Lines.
///
/// The format is told by the first byte that is not whitespace (a UTF-8 byte order mark is
/// skipped): `[` is a JSON array, `{` JSON Lines, where blank lines are skipped and every
/// other line holds exactly one object.
enum ImportReader {
    /// Appends each record in order to `batch`, then calls `body` with it and the offset in
    /// `bytes` just past the record (`body` may hand the batch on and start another); stops
    /// at the first bad record, or when `body` returns false.
    static func forEachRecord(
        in bytes: UnsafeBufferPointer<UInt8>, into batch: inout ImportBatch, _ body: (inout ImportBatch, Int) -> Bool
    ) throws(ImportError) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // What PowerShell's `>` writes; worth naming rather than calling it "not JSON".
            throw .notJSON(line: 1, detail: "the input is UTF-16 text; save it as UTF-8")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var scanner = JSONScanner(bytes, at: start)
        scanner.skipWhitespace()
        switch scanner.peek {
        case nil:
            // An empty JSON Lines file: what 'margin export --format jsonl' writes for an empty
            // store, so a restore of it imports nothing and succeeds.
            return
        case UInt8(ascii: "["):
            try forEachElement(of: scanner, into: &batch, body)
        case UInt8(ascii: "{"):
            try forEachLine(in: bytes, from: start, into: &batch, body)
        default:
            throw .notJSON(
                line: line(at: scanner.index, in: bytes),
                detail: "expected a JSON array ('[') or JSON Lines ('{' on each line), found \(scanner.found)")
        }
    }

    /// The records of a JSON array; `scanner` is at its `[`.
    private static func forEachElement(
        of scanner: JSONScanner, into batch: inout ImportBatch, _ body: (inout ImportBatch, Int) -> Bool
    ) throws(ImportError) {
        var scanner = scanner
        let bytes = scanner.bytes
        func syntax(_ detail: String, at offset: Int) -> ImportError {
            .notJSON(line: line(at: offset, in: bytes), detail: detail)
        }
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "]") {
            scanner.index += 1
        } else {
            var number = 0
            var fields = ImportRecord.Fields()
            while true {
                number += 1
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: "{") else {
                    throw syntax("expected record \(number) as a JSON object, found \(scanner.found)", at: scanner.index)
                }
                do throws(ImportRecord.Failure) {
                    try ImportRecord.read(&scanner, into: &batch, using: &fields)
                } catch {
                    switch error {
                    case .syntax(let error):
                        throw syntax(error.detail, at: error.offset)
                    case .invalid(let field, let reason):
                        throw .invalidRecord(location: "record \(number)", field: field, reason: reason)
                    }
                }
                guard body(&batch, scanner.index) else { return }
                scanner.skipWhitespace()
                guard let next = scanner.peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else {
                    throw syntax("expected ',' or ']' after record \(number), found \(scanner.found)", at: scanner.index)
                }
                scanner.index += 1
                if next == UInt8(ascii: "]") { break }
            }
        }
        scanner.skipWhitespace()
        guard scanner.atEnd else {
            throw syntax("expected nothing after the array's closing ']', found \(scanner.found)", at: scanner.index)
        }
    }

    /// The records of JSON Lines, from `start`.
    private static func forEachLine(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, into batch: inout ImportBatch,
        _ body: (inout ImportBatch, Int) -> Bool
    ) throws(ImportError) {
        var lineStart = start
        var number = 0
        var fields = ImportRecord.Fields()
        while lineStart < bytes.count {
            number += 1
            let lineEnd = endOfLine(in: bytes, from: lineStart)
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
            scanner.endDescription = "the end of the line"
            lineStart = lineEnd + 1
            scanner.skipWhitespace()
            if scanner.atEnd { continue }
            guard scanner.peek == UInt8(ascii: "{") else {
                throw .notJSON(line: number, detail: "expected a JSON object, found \(scanner.found)")
            }
            do throws(ImportRecord.Failure) {
                try ImportRecord.read(&scanner, into: &batch, using: &fields)
            } catch {
                switch error {
                case .syntax(let error):
                    throw .notJSON(line: number, detail: error.detail)
                case .invalid(let field, let reason):
                    throw .invalidRecord(location: "line \(number)", field: field, reason: reason)
                }
            }
            scanner.skipWhitespace()
            guard scanner.atEnd else {
                throw .notJSON(line: number, detail: "expected one JSON object per line, found \(scanner.found) after it")
            }
            guard body(&batch, min(lineEnd + 1, bytes.count)) else { return }
        }
    }

    /// The index of the next LF at or after `start`, or the end of `bytes`.
    private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return bytes.count }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The 1-based line of the byte at `offset`.
    static func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        1 + bytes.prefix(min(offset, bytes.count)).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
