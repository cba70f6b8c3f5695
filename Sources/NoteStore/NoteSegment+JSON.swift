import Foundation

/// Segments as JSON: the form `note_segments` keeps them in and the note object carries them
/// in, `[{"start_ms":N,"end_ms":N,"text":"…"}]`, compact and escaped as the note's JSON is
/// (only what JSON requires). One form for both, so that an import compares a note's
/// segments with the stored ones byte for byte.
extension NoteSegment {
    /// The canonical JSON array of `segments`.
    public static func json(_ segments: [NoteSegment]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, segment) in segments.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"start_ms":"#.utf8)
            out.append(contentsOf: String(segment.startMs).utf8)
            out.append(contentsOf: #","end_ms":"#.utf8)
            out.append(contentsOf: String(segment.endMs).utf8)
            out.append(contentsOf: #","text":"#.utf8)
            appendString(segment.text, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The segments of a JSON array as ``json(_:)`` writes it; nil for anything else.
    public static func segments(json: String) -> [NoteSegment]? {
        try? JSONDecoder().decode([NoteSegment].self, from: Data(json.utf8))
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, the rest as UTF-8.
    private static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case ..<0x20: out.append(contentsOf: "\\u00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16))".utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
