import Foundation
import NoteStore

/// The contract's note object as JSON: one encoder for `--json` output and exports alike.
///
/// Written by hand rather than with `JSONEncoder`: the keys must come in the contract's order,
/// and an export of a million notes should not pay for a generic encoder per note.
public enum NoteEncoding {
    /// The contract's note object, keys in the contract's order, compact, no trailing newline.
    public static func object(_ note: Note) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512 + note.text.utf8.count)
        appendObject(note, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal: only what JSON requires is escaped (`"`, `\`, and control
    /// characters below U+0020 as `\n` `\r` `\t` `\b` `\f` or `\u00XX`); everything else,
    /// `/`, U+2028 and non-ASCII included, stays as UTF-8.
    public static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keys of the note object, in the contract's order (also CSV's header).
    public static var keys: [String] { NoteField.keys }

    /// Appends ``object(_:)``'s bytes.
    static func appendObject(_ note: Note, to out: inout [UInt8]) {
        let pin = note.pin
        out.append(contentsOf: NoteField.id.jsonPrefix)
        appendString(note.id, to: &out)
        out.append(contentsOf: NoteField.text.jsonPrefix)
        appendString(note.text, to: &out)
        out.append(contentsOf: NoteField.tags.jsonPrefix)
        out.append(UInt8(ascii: "["))
        for (index, tag) in note.tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(tag, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        for (field, date) in [(NoteField.createdAt, note.createdAt), (.updatedAt, note.updatedAt)] {
            out.append(contentsOf: field.jsonPrefix)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: NoteTimestamp.string(from: date).utf8)
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: NoteField.pinned.jsonPrefix)
        out.append(contentsOf: (pin == nil ? "false" : "true").utf8)
        let strings: [(NoteField, String?)] = [
            (.itemType, pin?.itemType), (.itemID, pin?.itemID), (.itemURI, pin?.itemURI),
            (.itemName, pin?.itemName), (.showID, pin?.showID), (.showName, pin?.showName),
        ]
        for (field, value) in strings {
            out.append(contentsOf: field.jsonPrefix)
            appendOptional(value, to: &out)
        }
        out.append(contentsOf: NoteField.progressMs.jsonPrefix)
        appendNumber(pin?.progressMs, to: &out)
        out.append(contentsOf: NoteField.durationMs.jsonPrefix)
        appendNumber(pin?.durationMs, to: &out)
        out.append(contentsOf: NoteField.position.jsonPrefix)
        appendOptional(note.position, to: &out)
        out.append(contentsOf: NoteField.link.jsonPrefix)
        appendOptional(note.link, to: &out)
        appendVoice(note.voice, to: &out)
        appendSegments(note.segments, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"segments":` and where in the recording each stretch of the transcript was said, for a
    /// note that has them; nothing for one that has none (most notes), whose JSON stays the
    /// contract's 16 keys and `voice`.
    static func appendSegments(_ segments: [NoteSegment], to out: inout [UInt8]) {
        guard !segments.isEmpty else { return }
        out.append(contentsOf: segmentsKey)
        out.append(contentsOf: NoteSegment.json(segments).utf8)
    }

    static let segmentsKey = Array(#","segments":"#.utf8)

    /// `,"voice":` and a voice note's recording and transcription state, or null for a typed
    /// note: the key JSON adds after the contract's 16 (CSV and the other formats leave it out).
    static func appendVoice(_ voice: NoteVoice?, to out: inout [UInt8]) {
        out.append(contentsOf: voiceKey)
        guard let voice else { return out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: #"{"audio":"#.utf8)
        appendString(voice.audio, to: &out)
        out.append(contentsOf: #","duration_ms":"#.utf8)
        appendNumber(voice.durationMs, to: &out)
        out.append(contentsOf: #","state":"#.utf8)
        appendString(voice.state.rawValue, to: &out)
        out.append(contentsOf: #","error":"#.utf8)
        appendOptional(voice.error, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static let voiceKey = Array(#","voice":"#.utf8)

    /// Appends a string literal, or `null`.
    static func appendOptional(_ value: String?, to out: inout [UInt8]) {
        if let value {
            appendString(value, to: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
    }

    /// Appends a number, or `null`.
    static func appendNumber(_ value: Int?, to out: inout [UInt8]) {
        out.append(contentsOf: (value.map(String.init) ?? "null").utf8)
    }

    /// Appends ``string(_:)``'s bytes.
    ///
    /// Works on UTF-8 bytes: every byte of a multi-byte character is 0x80 or more, so only
    /// ASCII bytes ever need a look.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscape(byte, to: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Lowercase hexadecimal digits, for `\u00XX`.
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends the escape sequence for one ASCII byte that JSON requires escaped.
    static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
