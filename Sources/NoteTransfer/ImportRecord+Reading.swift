#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NoteStore

/// Reading a note object from JSON into an ``ImportRecord``.
extension ImportRecord {
    /// Why a record could not be read: broken JSON, or a field that breaks the contract.
    enum Failure: Error {
        case syntax(JSONSyntaxError)
        case invalid(field: String, reason: String)
    }

    /// The slot of `position`, the first of the keys derived from the others (then `link`).
    static let firstDerivedSlot = NoteField.position.rawValue

    /// The key of a voice note's recording, which JSON exports add after the contract's 16.
    static let voiceKey = "voice"

    /// The UTF-8 of ``NoteField/keys``, for matching keys without making strings.
    private static let keyBytes = NoteField.keys.map { Array($0.utf8) }

    /// The index in ``NoteField/keys`` of the key with these bytes; nil for any other key.
    ///
    /// Keys usually come in the contract's order, so `expected` is tried first.
    static func slot(of key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int? {
        func matches(_ slot: Int) -> Bool {
            keyBytes[slot].withUnsafeBufferPointer { candidate in
                guard candidate.count == key.count, let left = candidate.baseAddress, let right = key.baseAddress
                else { return false }
                return memcmp(left, right, key.count) == 0
            }
        }
        if expected < keyBytes.count, matches(expected) { return expected }
        return keyBytes.indices.first(where: matches)
    }

    /// Reads the object at the scanner's position, validates it and appends it to `batch`.
    ///
    /// The whole object is read first, so broken JSON is reported as such even when a key
    /// before it was already wrong; then an unknown or repeated key, then the fields in the
    /// contract's order.
    ///
    /// `fields` is scratch space, reused from record to record so that reading one allocates
    /// no table of values. A record that fails leaves bytes behind in `batch`, which is then
    /// not written.
    static func read(
        _ scanner: inout JSONScanner, into batch: inout ImportBatch, using fields: inout Fields
    ) throws(Failure) {
        fields.clear()
        var problem: (field: String, reason: String)?
        do throws(JSONSyntaxError) {
            try scanner.expect(UInt8(ascii: "{"), "'{'")
            scanner.skipWhitespace()
            if scanner.peek == UInt8(ascii: "}") {
                scanner.index += 1
            } else {
                var expected = 0
                while true {
                    scanner.skipWhitespace()
                    guard scanner.peek == UInt8(ascii: "\"") else {
                        throw scanner.failure("expected a key in double quotes, found \(scanner.found)")
                    }
                    let key = try Key(&scanner, expected: expected)
                    let slot = key.slot
                    try scanner.expect(UInt8(ascii: ":"), "':' after the key")
                    if slot == nil, key.name == Self.segmentsKey {
                        let (segments, wrong) = try Self.segments(&scanner)
                        if fields.segmentsSeen, problem == nil { problem = (key.name, "appears twice") }
                        fields.segmentsSeen = true
                        fields.segments = segments
                        if let wrong, problem == nil { problem = (key.name, wrong) }
                        scanner.skipWhitespace()
                        guard let next = scanner.peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                            throw scanner.failure("expected ',' or '}' after a value, found \(scanner.found)")
                        }
                        scanner.index += 1
                        if next == UInt8(ascii: "}") { break }
                        continue
                    }
                    if slot == nil, key.name == Self.voiceKey {
                        // A voice note's recording on the machine that exported it: checked to
                        // be an object or null, not imported (the recording stays there).
                        let voice = try scanner.value(depth: 1)
                        if fields.voiceSeen, problem == nil { problem = (key.name, "appears twice") }
                        fields.voiceSeen = true
                        switch voice {
                        case .object: fields.voice = true
                        case .null: fields.voice = false
                        default: if problem == nil { problem = (key.name, "expected an object or null, found \(voice.kind)") }
                        }
                        scanner.skipWhitespace()
                        guard let next = scanner.peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                            throw scanner.failure("expected ',' or '}' after a value, found \(scanner.found)")
                        }
                        scanner.index += 1
                        if next == UInt8(ascii: "}") { break }
                        continue
                    }
                    let value: Fields.Value
                    if let slot, slot >= Self.firstDerivedSlot, scanner.peek == UInt8(ascii: "\""),
                       scanner.plainString() != nil {
                        // `position` and `link` are only checked to be strings or null; a plain
                        // string (no escapes, so no NUL) passes without being copied.
                        value = .string(ByteSpan(start: 0, count: 0), nul: false)
                    } else {
                        value = try Fields.Value.read(&scanner, into: &batch)
                    }
                    if let slot {
                        if fields.values[slot] != nil, problem == nil { problem = (key.name, "appears twice") }
                        fields.values[slot] = value
                        expected = slot + 1
                    } else if problem == nil {
                        problem = (key.name, "not a key of the note object (check its spelling)")
                    }
                    scanner.skipWhitespace()
                    guard let next = scanner.peek, next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                        throw scanner.failure("expected ',' or '}' after a value, found \(scanner.found)")
                    }
                    scanner.index += 1
                    if next == UInt8(ascii: "}") { break }
                }
            }
        } catch {
            throw .syntax(error)
        }
        if let problem { throw .invalid(field: problem.field, reason: problem.reason) }
        do throws(FieldError) {
            batch.records.append(try fields.record(in: &batch))
        } catch {
            throw .invalid(field: error.field, reason: error.reason)
        }
    }

    /// A key just read: its slot, and what is needed to name it in a message.
    private struct Key {
        var slot: Int?
        /// The key's bytes in the input, when it had no escapes.
        var raw: UnsafeBufferPointer<UInt8>?
        /// The decoded key, when it had escapes.
        var decoded: String?

        init(_ scanner: inout JSONScanner, expected: Int) throws(JSONSyntaxError) {
            if let raw = scanner.plainString() {
                self.raw = raw
                slot = ImportRecord.slot(of: raw, expected: expected)
            } else {
                let key = try scanner.string()
                decoded = key
                slot = Array(key.utf8).withUnsafeBufferPointer { ImportRecord.slot(of: $0, expected: expected) }
            }
        }

        /// The key as text, for messages.
        var name: String {
            decoded ?? raw.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
