import Foundation
import NoteStore

/// What follows a note's text in Markdown: its tags as `#tag` and the day it was taken.
///
/// ` #caching #naming · 2026-11-21`. The day is UTC, the date of `created_at`: an export
/// synced between machines in different time zones then reads the same on each, and a vault
/// is not rewritten because its machine moved.
///
/// A tag is written the way Obsidian reads one: letters, digits, `_`, `-` and `/` (nesting)
/// are kept, any other character becomes `_` (`c++` is `#c__`), and a tag of digits alone,
/// which Obsidian does not take for a tag, gets a leading `_` (`#_1984`).
extension MarkdownExport {
    /// ` #tag1 #tag2 · 2026-11-21` for tags (sorted) and the moment a note was taken.
    static func suffix(tags: [String], createdAt: Date) -> String {
        var text = ""
        for tag in tags { text += " #" + tagText(tag) }
        return text + " · " + NoteTimestamp.string(from: createdAt).prefix(10)
    }

    /// A tag as Obsidian reads it (see the type's notes).
    static func tagText(_ tag: String) -> String {
        var scalars = String.UnicodeScalarView()
        var digitsOnly = true
        for scalar in tag.unicodeScalars {
            let kept = isTagScalar(scalar)
            if !("0"..."9").contains(scalar) { digitsOnly = false }
            scalars.append(kept ? scalar : "_")
        }
        return (digitsOnly ? "_" : "") + String(scalars)
    }

    /// Letters (with their combining marks), digits, `_`, `-` and `/`.
    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar == "-" || scalar == "/" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// Appends ``suffix(tags:createdAt:)`` for a row of ``NoteRowQuery/markdown(_:)``: tags from
    /// column 12 (joined with U+001F, in no particular order), `created_at` from column 2.
    ///
    /// Printable ASCII tags that need no change and a canonical `created_at` are copied as
    /// they are; anything else goes through the general path.
    static func appendSuffix(_ row: NoteRow, to out: inout [UInt8]) {
        if let joined = bytes(row, 12), !joined.isEmpty {
            var tags = joined.split(separator: 0x1F)
            if tags.allSatisfy({ $0.allSatisfy(isPlainTagByte) && !$0.allSatisfy(isDigit) }) {
                // ASCII: byte order is the order of Swift's string comparison.
                if tags.count > 1 { tags.sort { $0.lexicographicallyPrecedes($1) } }
                for tag in tags {
                    out.append(contentsOf: " #".utf8)
                    out.append(contentsOf: tag)
                }
            } else {
                let strings = tags.map { String(decoding: $0, as: UTF8.self) }.sorted()
                for tag in strings { out.append(contentsOf: (" #" + tagText(tag)).utf8) }
            }
        }
        out.append(contentsOf: " · ".utf8)
        let created = bytes(row, 2) ?? UnsafeBufferPointer(start: nil, count: 0)
        if NoteTimestamp.isValidCanonical(created) {
            out.append(contentsOf: created.prefix(10))
        } else {
            // Note(row:) reads an unreadable time as 1970; the general path says the same.
            let date = NoteTimestamp.date(from: String(decoding: created, as: UTF8.self)) ?? Date(timeIntervalSince1970: 0)
            out.append(contentsOf: NoteTimestamp.string(from: date).prefix(10).utf8)
        }
    }

    private static func isPlainTagByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
