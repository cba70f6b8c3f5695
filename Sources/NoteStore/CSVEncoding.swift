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
        out.append(contentsOf: NoteEncoding.keys.joined(separator: ",").utf8)
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends one note as a row, CRLF included.
    static func appendRow(_ note: Note, to out: inout [UInt8]) {
        let pin = note.pin
        let fields: [String?] = [
            note.id, note.text, note.tags.isEmpty ? nil : note.tags.joined(separator: ";"),
            NoteTimestamp.string(from: note.createdAt), NoteTimestamp.string(from: note.updatedAt),
            note.pinned ? "true" : "false",
            pin?.itemType, pin?.itemID, pin?.itemURI, pin?.itemName, pin?.showID, pin?.showName,
            pin.map { String($0.progressMs) }, pin?.durationMs.map(String.init),
            note.position, note.link,
        ]
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if let field { appendField(field, to: &out) }
        }
        out.append(contentsOf: [0x0D, 0x0A])
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
