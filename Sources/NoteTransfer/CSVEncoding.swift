import NoteStore
/// The CSV export: RFC 4180, a header row of the note object's keys, CRLF line endings.
///
/// A field is quoted (its `"` doubled) when it contains `"`, `,`, CR, LF or TAB, or starts or
/// ends with a space. An empty string is written as `""` so that it stays distinguishable from
/// null, which is an empty field. Tags are joined with `;` (no tags: an empty field); booleans are `true` and `false`;
/// `position` and `link` are written like in JSON. Text keeps its bytes: a line break inside a
/// note stays as it was (LF or CRLF) inside the quoted field.
enum CSVEncoding {
    /// Appends the header row.
    static func appendHeader(to out: inout [UInt8]) {
        out.append(contentsOf: NoteField.keys.joined(separator: ",").utf8)
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends one note as a row, CRLF included.
    static func appendRow(_ note: Note, to out: inout [UInt8]) {
        for field in NoteField.allCases {
            if field != .id { out.append(UInt8(ascii: ",")) }
            if let value = value(of: field, in: note) { appendField(value, to: &out) }
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// One field's text as CSV writes it; nil for null (an empty field).
    static func value(of field: NoteField, in note: Note) -> String? {
        let pin = note.pin
        switch field {
        case .id: return note.id
        case .text: return note.text
        case .tags: return note.tags.isEmpty ? nil : note.tags.joined(separator: ";")
        case .createdAt: return NoteTimestamp.string(from: note.createdAt)
        case .updatedAt: return NoteTimestamp.string(from: note.updatedAt)
        case .pinned: return note.pinned ? "true" : "false"
        case .itemType: return pin?.itemType
        case .itemID: return pin?.itemID
        case .itemURI: return pin?.itemURI
        case .itemName: return pin?.itemName
        case .showID: return pin?.showID
        case .showName: return pin?.showName
        case .progressMs: return pin.map { String($0.progressMs) }
        case .durationMs: return pin?.durationMs.map(String.init)
        case .position: return note.position
        case .link: return note.link
        }
    }

    /// Appends one field, quoted when RFC 4180 (or a spreadsheet's trimming) requires it.
    static func appendField(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            guard needsQuotes(bytes) else {
                out.append(contentsOf: bytes)
                return
            }
            out.append(UInt8(ascii: "\""))
            for byte in bytes {
                out.append(byte)
                if byte == UInt8(ascii: "\"") { out.append(byte) }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    /// True for an empty field and for one containing `"` `,` CR LF TAB or edge spaces.
    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == UInt8(ascii: " ") || last == UInt8(ascii: " ") { return true }
        return bytes.contains { byte in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ",") || byte == 0x0D || byte == 0x0A || byte == 0x09
        }
    }
}
